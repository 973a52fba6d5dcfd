import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { getChangePasswordFailure } from "./change-password-errors";

const refusal = (status: number, body: unknown = {}, retryAfterSeconds: number | null = null) =>
  new ApiRequestError(status, body, "/change-password", retryAfterSeconds);

describe("getChangePasswordFailure", () => {
  it("puts a wrong current password on the current password's field", () => {
    expect(getChangePasswordFailure(refusal(401, { Status: "Failure", Error: "badPassword" }))).toEqual({
      kind: "field",
      field: "currentPassword",
      message: "badPassword",
    });
  });

  it.each(["invalidPassword", "commonPassword"])("puts %s on the new password's field", (code) => {
    expect(getChangePasswordFailure(refusal(400, { Status: "Failure", Error: code }))).toEqual({
      kind: "field",
      field: "newPassword",
      message: code,
    });
  });

  it("tells an account without a password (409) apart", () => {
    expect(getChangePasswordFailure(refusal(409, { statusCode: 409, error: "Conflict", message: "…" }))).toEqual({
      kind: "noPassword",
    });
  });

  it("keeps the wait of a 429", () => {
    expect(getChangePasswordFailure(refusal(429, {}, 600))).toEqual({
      kind: "tooManyAttempts",
      retryAfterSeconds: 600,
    });
  });

  it("reads a 401 without a code as the session's end", () => {
    expect(getChangePasswordFailure(refusal(401, { statusCode: 401, error: "Unauthorized", message: "…" }))).toEqual({
      kind: "loggedOut",
    });
  });

  it("tells a lost connection from anything else", () => {
    expect(getChangePasswordFailure(new TypeError("Failed to fetch"))).toEqual({ kind: "network" });
    expect(getChangePasswordFailure(new Error("schema"))).toEqual({ kind: "unknown" });
    expect(getChangePasswordFailure(refusal(500))).toEqual({ kind: "unknown" });
  });
});
