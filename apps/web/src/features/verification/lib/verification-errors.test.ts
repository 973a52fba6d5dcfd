import { describe, expect, it } from "vitest";
import { IdentityNotConfirmedError } from "@/components/confirm-identity";
import { ApiRequestError } from "@/lib/api-client";
import { apiRefusal } from "@/test-support/api-refusal";
import { getResendFailure, getUndoFailure, getVerifyFailure, isAlreadyVerified } from "./verification-errors";

/** A failure as the server sends it: SPEC's `Error` code when there is one, else the generic error body. */
function apiError(status: number, code?: string, retryAfterSeconds: number | null = null) {
  const body = code
    ? { Status: "Failure", Error: code, message: "x" }
    : { statusCode: status, error: "x", message: "This email address is already verified." };
  return new ApiRequestError(status, body, "/test", retryAfterSeconds);
}

const networkError = new TypeError("Failed to fetch");

describe("getVerifyFailure", () => {
  it("tells a wrong code from a session that ended, both 401", () => {
    expect(getVerifyFailure(apiError(401, "invalidCode"))).toEqual({ key: "invalidCode" });
    expect(getVerifyFailure(apiError(401))).toEqual({ key: "notLoggedIn" });
  });

  it("says the address is taken on a 409, and a refused code is a wrong one", () => {
    expect(getVerifyFailure(apiError(409, "emailExists"))).toEqual({ key: "emailExists" });
    expect(getVerifyFailure(apiError(400))).toEqual({ key: "invalidCode" });
  });

  it("passes the wait of a 429 on", () => {
    expect(getVerifyFailure(apiError(429, undefined, 600))).toEqual({ key: "tooManyAttempts", retryAfterSeconds: 600 });
  });

  it("tells a lost connection from a server failure and a malformed answer", () => {
    expect(getVerifyFailure(networkError)).toEqual({ key: "network" });
    expect(getVerifyFailure(apiError(500))).toEqual({ key: "unknown" });
    expect(getVerifyFailure(new Error("schema"))).toEqual({ key: "unknown" });
  });
});

describe("the school switch's refusal", () => {
  it("says the address is at no recognised school, apart from a malformed one", () => {
    expect(getResendFailure(apiRefusal(400, "x", ["academicDomain"]))).toEqual({ key: "notAcademic" });
    expect(getResendFailure(apiRefusal(400, "x"))).toEqual({ key: "invalidEmail" });
  });
});

describe("getResendFailure", () => {
  it("tells an address already proven from one another account uses, both 409", () => {
    expect(getResendFailure(apiError(409))).toEqual({ key: "alreadyVerified" });
    expect(getResendFailure(apiError(409, "emailExists"))).toEqual({ key: "emailExists" });
    expect(isAlreadyVerified(apiError(409))).toBe(true);
    expect(isAlreadyVerified(apiError(409, "emailExists"))).toBe(false);
    expect(isAlreadyVerified(apiError(429))).toBe(false);
  });

  it("says too many codes were sent, with the wait of the 429", () => {
    expect(getResendFailure(apiError(429, undefined, 3600))).toEqual({ key: "tooManyCodes", retryAfterSeconds: 3600 });
    expect(getResendFailure(apiError(429))).toEqual({ key: "tooManyCodes", retryAfterSeconds: null });
  });

  it("maps a refused address, an ended session and no answer", () => {
    expect(getResendFailure(apiError(400))).toEqual({ key: "invalidEmail" });
    expect(getResendFailure(apiError(401))).toEqual({ key: "notLoggedIn" });
    expect(getResendFailure(networkError)).toEqual({ key: "network" });
  });
});

describe("a change of address (issue 42)", () => {
  it("says a code that moves the account works only in the session that asked for it", () => {
    expect(getVerifyFailure(apiRefusal(403, "x", ["session"]))).toEqual({ key: "otherSession" });
    expect(getVerifyFailure(apiError(403))).toEqual({ key: "unknown" });
  });

  it("says the change was not made when the confirm-identity dialog was closed", () => {
    expect(getResendFailure(new IdentityNotConfirmedError())).toEqual({ key: "identityNotConfirmed" });
    expect(getVerifyFailure(new IdentityNotConfirmedError())).toEqual({ key: "identityNotConfirmed" });
  });

  it("tells a dead undo link from a taken address, a busy server and no answer", () => {
    expect(getUndoFailure(apiError(404))).toBe("invalidLink");
    expect(getUndoFailure(apiError(400))).toBe("invalidLink");
    expect(getUndoFailure(apiError(409))).toBe("addressTaken");
    expect(getUndoFailure(apiError(429, undefined, 60))).toBe("tooManyAttempts");
    expect(getUndoFailure(networkError)).toBe("network");
    expect(getUndoFailure(apiError(500))).toBe("unknown");
  });
});
