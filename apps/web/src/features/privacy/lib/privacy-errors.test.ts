import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { getPrivacyFailure } from "./privacy-errors";

const refusal = (status: number, retryAfterSeconds: number | null = null) =>
  new ApiRequestError(status, { statusCode: status, error: "", message: "" }, "/account", retryAfterSeconds);

describe("getPrivacyFailure", () => {
  it("says the export's hourly limit apart from the others' attempts", () => {
    expect(getPrivacyFailure(refusal(429, 1800), "export")).toEqual({ key: "tooManyExports", retryAfterSeconds: 1800 });
    expect(getPrivacyFailure(refusal(429, 60), "cancel")).toEqual({ key: "tooManyAttempts", retryAfterSeconds: 60 });
  });

  it("reads a cancellation's 404 as nothing to cancel", () => {
    expect(getPrivacyFailure(refusal(404), "cancel")).toEqual({ key: "nothingToCancel" });
    expect(getPrivacyFailure(refusal(404), "delete")).toEqual({ key: "unknown" });
  });

  it("reads a 401 as the session's end", () => {
    expect(getPrivacyFailure(refusal(401), "delete")).toEqual({ key: "loggedOut" });
  });

  it("tells a lost connection from anything else", () => {
    expect(getPrivacyFailure(new TypeError("Failed to fetch"), "export")).toEqual({ key: "network" });
    expect(getPrivacyFailure(new Error("schema"), "export")).toEqual({ key: "unknown" });
    expect(getPrivacyFailure(refusal(500), "export")).toEqual({ key: "unknown" });
  });
});
