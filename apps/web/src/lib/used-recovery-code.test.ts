import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client";
import { isUsedRecoveryCode } from "./used-recovery-code";

const refusal = (status: number, fields: { path: string; message: string }[]) =>
  new ApiRequestError(
    status,
    { statusCode: status, error: "Unauthorized", message: "x", fields },
    "/login/second-factor",
  );

describe("isUsedRecoveryCode", () => {
  it("knows the server's note for a spent recovery code", () => {
    expect(isUsedRecoveryCode(refusal(401, [{ path: "code", message: "was already used" }]))).toBe(true);
  });

  it("takes any other refusal for something else", () => {
    expect(isUsedRecoveryCode(refusal(401, [{ path: "code", message: "is not right" }]))).toBe(false);
    expect(isUsedRecoveryCode(refusal(401, [{ path: "secondFactorToken", message: "was already used" }]))).toBe(false);
    expect(isUsedRecoveryCode(new ApiRequestError(401, "not json", "/login/second-factor"))).toBe(false);
    expect(isUsedRecoveryCode(new TypeError("Failed to fetch"))).toBe(false);
  });
});
