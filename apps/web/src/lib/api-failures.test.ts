import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client";
import { formatRetryWait, getAccountErrorCode, isNetworkFailure, needsReauthentication } from "./api-failures";

const refusal = (status: number, body: unknown) => new ApiRequestError(status, body, "/account/export");

describe("needsReauthentication", () => {
  it("recognises the 403 that names reauthentication among its fields", () => {
    const body = {
      statusCode: 403,
      error: "Forbidden",
      message: "Confirm who you are to continue.",
      fields: [{ path: "reauthentication", message: "is required: the sign-in is older than 15 minutes" }],
    };
    expect(needsReauthentication(refusal(403, body))).toBe(true);
  });

  it.each([
    ["another 403", refusal(403, { statusCode: 403, error: "Forbidden", message: "No." })],
    [
      "a 403 naming another field",
      refusal(403, { statusCode: 403, error: "x", message: "x", fields: [{ path: "email", message: "x" }] }),
    ],
    [
      "a 401 naming it",
      refusal(401, { statusCode: 401, error: "x", message: "x", fields: [{ path: "reauthentication", message: "x" }] }),
    ],
    ["a lost connection", new TypeError("Failed to fetch")],
  ])("leaves %s alone", (_name, error) => {
    expect(needsReauthentication(error)).toBe(false);
  });
});

describe("getAccountErrorCode", () => {
  it("reads a known code of the Error field", () => {
    expect(getAccountErrorCode(refusal(401, { Status: "Failure", Error: "badPassword" }))).toBe("badPassword");
  });

  it("is null for an unknown code, a body without one, or no answer at all", () => {
    expect(getAccountErrorCode(refusal(400, { Error: "somethingNew" }))).toBeNull();
    expect(getAccountErrorCode(refusal(400, "Bad Request"))).toBeNull();
    expect(getAccountErrorCode(new TypeError("Failed to fetch"))).toBeNull();
  });
});

describe("isNetworkFailure", () => {
  it("is fetch's TypeError only", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(refusal(500, null))).toBe(false);
  });
});

describe("formatRetryWait", () => {
  it("rounds up to whole minutes, never zero, in each language", () => {
    expect(formatRetryWait(1, "en")).toBe("1 minute");
    expect(formatRetryWait(61, "en")).toBe("2 minutes");
    expect(formatRetryWait(3600, "fr")).toBe("60 minutes");
  });
});
