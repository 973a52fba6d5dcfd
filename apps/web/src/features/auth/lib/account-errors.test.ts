import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { getFindUserFailure, getLoginFailure, getRegistrationFailure, getResetPasswordFailure } from "./account-errors";

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

describe("getRegistrationFailure", () => {
  it("maps the two 409 codes", () => {
    expect(getRegistrationFailure(apiError(409, "emailExists"))).toEqual({
      status: "emailExists",
      message: "emailExists",
    });
    expect(getRegistrationFailure(apiError(409, "usernameExists"))).toEqual({
      status: "usernameExists",
      message: "usernameExists",
    });
  });

  it("maps the password problems the server finds", () => {
    expect(getRegistrationFailure(apiError(400, "invalidPassword")).status).toBe("invalidPassword");
    expect(getRegistrationFailure(apiError(400, "commonPassword")).status).toBe("commonPassword");
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
  it("maps 401 to the invalid-code text", () => {
    expect(getResetPasswordFailure(apiError(401, "invalidCode"))).toEqual({
      status: "failure",
      message: "invalidCode",
    });
  });

  it("maps the server's password problems to the password texts", () => {
    expect(getResetPasswordFailure(apiError(400, "invalidPassword"))).toEqual({
      status: "invalid",
      message: "passwordRequirementsNotMet",
    });
    expect(getResetPasswordFailure(apiError(400, "commonPassword"))).toEqual({
      status: "invalid",
      message: "commonPassword",
    });
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
