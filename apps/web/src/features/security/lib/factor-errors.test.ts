import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { PasskeysUnsupportedError } from "@/lib/webauthn";
import { getFactorFailure } from "./factor-errors";

const refusal = (status: number, fields: string[] = [], extra: object = {}, retryAfterSeconds: number | null = null) =>
  new ApiRequestError(
    status,
    {
      statusCode: status,
      error: "x",
      message: "x",
      ...(fields.length ? { fields: fields.map((path) => ({ path, message: "x" })) } : {}),
      ...extra,
    },
    "/mfa",
    retryAfterSeconds,
  );

describe("getFactorFailure", () => {
  it("puts a wrong code on the code's field, whether refused as wrong (401) or malformed (400)", () => {
    expect(getFactorFailure(refusal(401, ["code"]))).toEqual({ kind: "wrongCode" });
    expect(getFactorFailure(refusal(400, ["code"]))).toEqual({ kind: "wrongCode" });
  });

  it("puts a wrong password on the password's field, as the change of password does", () => {
    expect(getFactorFailure(refusal(401, [], { Status: "Failure", Error: "badPassword" }))).toEqual({
      kind: "badPassword",
    });
  });

  it("says an unproven address is why a factor was refused, not that something went wrong", () => {
    expect(getFactorFailure(refusal(403, ["emailVerification"]))).toEqual({ kind: "emailNotVerified" });
    expect(getFactorFailure(refusal(403))).toEqual({ kind: "unknown" });
  });

  it("says a code refused by the lock after too many wrong codes is why, not that something went wrong", () => {
    expect(getFactorFailure(refusal(403, ["code"]))).toEqual({ kind: "secondStepLocked" });
  });

  it("tells a passkey the server could not verify apart from the browser's own failures", () => {
    expect(getFactorFailure(refusal(400, ["response"]))).toEqual({ kind: "passkeyNotVerified" });
    expect(
      getFactorFailure(
        Object.assign(new Error("x"), { name: "NotAllowedError", code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY" }),
      ),
    ).toEqual({
      kind: "ceremony",
      reason: "cancelled",
    });
    expect(getFactorFailure(new PasskeysUnsupportedError())).toEqual({ kind: "ceremony", reason: "unsupported" });
  });

  it("reads the states the account was not in (409), a gone passkey (404) and the session's end (401)", () => {
    expect(getFactorFailure(refusal(409))).toEqual({ kind: "conflict" });
    expect(getFactorFailure(refusal(404))).toEqual({ kind: "notFound" });
    expect(getFactorFailure(refusal(401))).toEqual({ kind: "loggedOut" });
  });

  it("keeps the wait of a 429, and tells a lost connection from anything else", () => {
    expect(getFactorFailure(refusal(429, [], {}, 120))).toEqual({ kind: "tooManyAttempts", retryAfterSeconds: 120 });
    expect(getFactorFailure(new TypeError("Failed to fetch"))).toEqual({ kind: "network" });
    expect(getFactorFailure(refusal(500))).toEqual({ kind: "unknown" });
    expect(getFactorFailure(refusal(400, ["name"]))).toEqual({ kind: "unknown" });
  });
});
