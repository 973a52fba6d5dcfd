import { firmPolicyRefusalSchema } from "@precis/contract/api";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import {
  getFindUserFailure,
  getLoginFailure,
  getPasskeyLoginFailure,
  getRegistrationFailure,
  getResetPasswordFailure,
  getSecondFactorFailure,
  readFirmPolicyRefusal,
} from "./account-errors";

/** An error as the server sends it: `Error` carries the account error code when there is one. */
function apiError(status: number, code?: string, retryAfterSeconds: number | null = null) {
  const body = { statusCode: status, error: "x", message: "x", ...(code ? { Status: "Failure", Error: code } : {}) };
  return new ApiRequestError(status, body, "/test", retryAfterSeconds);
}

const networkError = new TypeError("Failed to fetch");

describe("getLoginFailure", () => {
  it.each([
    [401, "badPassword"],
    [404, "userNotFound"],
    [400, "checkCredentials"],
    [500, "unknown"],
    [503, "unknown"],
  ])("maps %i to %s", (status, message) => {
    expect(getLoginFailure(apiError(status))).toEqual({ message });
  });

  it("passes the wait of a 429 on", () => {
    expect(getLoginFailure(apiError(429, undefined, 840))).toEqual({
      message: "tooManyAttempts",
      retryAfterSeconds: 840,
    });
  });

  it("tells a lost connection from other failures", () => {
    expect(getLoginFailure(networkError)).toEqual({ message: "network" });
    expect(getLoginFailure(new Error("schema"))).toEqual({ message: "unknown" });
  });
});

describe("a sign-in the account's firm refuses (403)", () => {
  const firmPolicy = {
    firmName: "Tremblay LLP",
    allowedMethods: ["google", "microsoft"],
    adminEmails: ["a@t.example"],
  };
  const refused = new ApiRequestError(
    403,
    { statusCode: 403, error: "Forbidden", message: "Your firm, “Tremblay LLP”, allows…", firmPolicy },
    "/test",
  );

  it("carries the firm, its methods and whom to ask, by password, passkey and second step alike", () => {
    expect(getLoginFailure(refused)).toEqual({ message: "firmPolicy", firmPolicy });
    expect(getPasskeyLoginFailure(refused)).toEqual({ message: "firmPolicy", firmPolicy });
    expect(getSecondFactorFailure(refused)).toEqual({ kind: "alert", failure: { message: "firmPolicy", firmPolicy } });
  });

  it("keeps its old readings for a 403 without the firm's facts, or with facts of the wrong shape", () => {
    expect(getLoginFailure(apiError(403))).toEqual({ message: "unknown" });
    const malformed = new ApiRequestError(403, { statusCode: 403, error: "x", message: "x", firmPolicy: {} }, "/t");
    expect(getPasskeyLoginFailure(malformed)).toEqual({ message: "unknown" });
    expect(getSecondFactorFailure(apiError(403))).toEqual({ kind: "alert", failure: { message: "secondStepLocked" } });
  });
});

describe("getRegistrationFailure", () => {
  it.each(["emailExists", "usernameExists"])("maps the 409 code %s", (code) => {
    expect(getRegistrationFailure(apiError(409, code))).toEqual({ status: code, message: code });
  });

  it.each(["invalidPassword", "commonPassword"])("maps the password problem %s the server finds", (code) => {
    expect(getRegistrationFailure(apiError(400, code)).status).toBe(code);
  });

  it("asks to review the details on other 400s, on 500s and on an unsuccessful reply", () => {
    const reviewDetails = { status: "error", message: "registrationFailed" };
    expect(getRegistrationFailure(apiError(400))).toEqual(reviewDetails);
    expect(getRegistrationFailure(apiError(500))).toEqual(reviewDetails);
    expect(getRegistrationFailure(new Error("Status is not Success"))).toEqual(reviewDetails);
  });

  it("reports too many attempts and lost connections as such", () => {
    expect(getRegistrationFailure(apiError(429, undefined, 60))).toEqual({
      status: "tooManyAttempts",
      message: "tooManyAttempts",
      retryAfterSeconds: 60,
    });
    expect(getRegistrationFailure(networkError)).toEqual({ status: "error", message: "network" });
  });
});

describe("getFindUserFailure", () => {
  it("says the user was not found for 404, 401 and answers without an error", () => {
    expect(getFindUserFailure(apiError(404, "userNotFound"))).toEqual({ message: "findUserNotFound" });
    expect(getFindUserFailure(apiError(401))).toEqual({ message: "findUserNotFound" });
    expect(getFindUserFailure(new Error("no body"))).toEqual({ message: "findUserNotFound" });
  });

  it("says the email is not valid when the server refuses its format", () => {
    expect(getFindUserFailure(apiError(400))).toEqual({ message: "invalidEmail" });
  });

  it("does not blame the user for server failures, lost connections or rate limits", () => {
    expect(getFindUserFailure(apiError(500))).toEqual({ message: "unknown" });
    expect(getFindUserFailure(networkError)).toEqual({ message: "network" });
    expect(getFindUserFailure(apiError(429, undefined, 3600))).toEqual({
      message: "tooManyAttempts",
      retryAfterSeconds: 3600,
    });
  });
});

describe("getResetPasswordFailure", () => {
  it("shows SPEC's not-found text for any answer with an Error, one this app does not know included", () => {
    for (const code of ["userNotFound", "somethingNew"]) {
      expect(getResetPasswordFailure(apiError(400, code))).toEqual({ status: "failure", message: "findUserNotFound" });
    }
    expect(getResetPasswordFailure(apiError(404))).toEqual({ status: "failure", message: "findUserNotFound" });
    expect(getResetPasswordFailure(apiError(500))).toEqual({ status: "unknown", message: "resetFailed" });
  });

  it.each([
    [401, "invalidCode", { status: "failure", message: "invalidCode" }],
    [400, "invalidPassword", { status: "invalid", message: "passwordRequirementsNotMet" }],
    [400, "commonPassword", { status: "invalid", message: "commonPassword" }],
  ])("maps %i %s to the invalid-code or password texts", (status, code, failure) => {
    expect(getResetPasswordFailure(apiError(status, code))).toEqual(failure);
  });

  it("says the user was not found for 404 and for any other answer with an Error", () => {
    expect(getResetPasswordFailure(apiError(404, "userNotFound")).message).toBe("findUserNotFound");
    expect(getResetPasswordFailure(apiError(400, "invalidDetails")).message).toBe("findUserNotFound");
  });

  it("says the reset failed otherwise", () => {
    expect(getResetPasswordFailure(apiError(400))).toEqual({ status: "unknown", message: "resetFailed" });
    expect(getResetPasswordFailure(apiError(500))).toEqual({ status: "unknown", message: "resetFailed" });
    expect(getResetPasswordFailure(networkError)).toEqual({ status: "unknown", message: "network" });
  });
});

/** A refusal naming its field, as the server's second-factor and passkey calls send them. */
function fieldError(status: number, field: string, retryAfterSeconds: number | null = null) {
  const body = { statusCode: status, error: "x", message: "x", fields: [{ path: field, message: "x" }] };
  return new ApiRequestError(status, body, "/login/second-factor", retryAfterSeconds);
}

describe("getSecondFactorFailure", () => {
  it("puts a wrong code (401) or a malformed one (400) on the code's field", () => {
    expect(getSecondFactorFailure(fieldError(401, "code"))).toEqual({ kind: "wrongCode" });
    expect(getSecondFactorFailure(fieldError(400, "code"))).toEqual({ kind: "wrongCode" });
  });

  it("sends an expired or spent first step back to the password", () => {
    expect(getSecondFactorFailure(fieldError(401, "secondFactorToken"))).toEqual({ kind: "expired" });
    expect(getSecondFactorFailure(apiError(401))).toEqual({ kind: "expired" });
  });

  it("says too many tries with the wait, and anything else above the form", () => {
    expect(getSecondFactorFailure(apiError(429, undefined, 300))).toEqual({
      kind: "alert",
      failure: { message: "tooManyAttempts", retryAfterSeconds: 300 },
    });
    expect(getSecondFactorFailure(networkError)).toEqual({ kind: "alert", failure: { message: "network" } });
    expect(getSecondFactorFailure(apiError(500))).toEqual({ kind: "alert", failure: { message: "unknown" } });
  });

  it("says the step is locked after too many wrong codes (403), and how to get back in", () => {
    expect(getSecondFactorFailure(fieldError(403, "code"))).toEqual({
      kind: "alert",
      failure: { message: "secondStepLocked" },
    });
  });
});

describe("getPasskeyLoginFailure", () => {
  const webAuthnError = (name: string, code: string) => Object.assign(new Error("x"), { name, code });

  it("tells the browser's prompt closed or timed out from a passkey it could not use", () => {
    expect(getPasskeyLoginFailure(webAuthnError("NotAllowedError", "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY"))).toEqual({
      message: "passkeyCancelled",
    });
    expect(getPasskeyLoginFailure(webAuthnError("SecurityError", "ERROR_INVALID_RP_ID"))).toEqual({
      message: "passkeyNotVerified",
    });
  });

  it("names a passkey the server does not know, and one it could not verify", () => {
    const unknown = Object.assign(new Error("x"), { name: "UnknownPasskeyError" });
    expect(getPasskeyLoginFailure(unknown)).toEqual({ message: "unknownPasskey" });
    expect(getPasskeyLoginFailure(fieldError(401, "response"))).toEqual({ message: "passkeyNotVerified" });
    expect(getPasskeyLoginFailure(apiError(400))).toEqual({ message: "passkeyNotVerified" });
  });

  it("keeps the wait of a 429 and tells a lost connection apart", () => {
    expect(getPasskeyLoginFailure(apiError(429, undefined, 60))).toEqual({
      message: "tooManyAttempts",
      retryAfterSeconds: 60,
    });
    expect(getPasskeyLoginFailure(networkError)).toEqual({ message: "network" });
  });
});

describe("readFirmPolicyRefusal", () => {
  const refusal = { firmName: "Tremblay Avocats", allowedMethods: ["google"], adminEmails: ["anne@tremblay.ca"] };

  it("reads what the contract's schema reads, and refuses what it refuses", () => {
    const samples: unknown[] = [
      refusal,
      { ...refusal, allowedMethods: ["password", "microsoft"], adminEmails: [] },
      { ...refusal, allowedMethods: ["sso"] },
      { ...refusal, adminEmails: [1] },
      { ...refusal, firmName: null },
      { firmName: "Roy" },
      null,
      "Tremblay",
      [],
    ];
    for (const sample of samples) {
      const parsed = firmPolicyRefusalSchema.safeParse(sample);
      expect(readFirmPolicyRefusal(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
    fc.assert(
      fc.property(fc.anything(), (sample) => {
        const parsed = firmPolicyRefusalSchema.safeParse(sample);
        expect(readFirmPolicyRefusal(sample) !== null).toBe(parsed.success);
      }),
    );
  });
});
