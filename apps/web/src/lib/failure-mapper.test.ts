import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { type FailureMapping, mapFailure } from "./failure-mapper";

const refusal = (status: number, body: object = {}, retryAfterSeconds: number | null = null) =>
  new ApiRequestError(status, { statusCode: status, error: "", message: "", ...body }, "/api/x", retryAfterSeconds);

const mapping: FailureMapping<string> = {
  unanswered: { network: "network", unknown: "unknown" },
  first: ({ code }) => (code === "badPassword" ? "first:badPassword" : undefined),
  byStatus: {
    401: ({ fields }) => (fields.includes("code") ? "wrongCode" : "loggedOut"),
    409: "conflict",
    429: ({ retryAfterSeconds }) => `wait ${retryAfterSeconds}`,
  },
  otherwise: ({ status }) => `other ${status}`,
};

describe("mapFailure", () => {
  it("tells a call that got no answer (fetch's TypeError) from one whose answer could not be read", () => {
    expect(mapFailure(new TypeError("Failed to fetch"), mapping)).toBe("network");
    expect(mapFailure(new Error("schema"), mapping)).toBe("unknown");
    expect(mapFailure(new Error("closed"), { ...mapping, unanswered: (error) => `own ${String(error)}` })).toBe(
      "own Error: closed",
    );
  });

  it("reads a status as its table says, with the fields, the account code and the wait it carries", () => {
    expect(mapFailure(refusal(409), mapping)).toBe("conflict");
    expect(mapFailure(refusal(401, { fields: [{ path: "code", message: "is not right" }] }), mapping)).toBe(
      "wrongCode",
    );
    expect(mapFailure(refusal(401), mapping)).toBe("loggedOut");
    expect(mapFailure(refusal(429, {}, 120), mapping)).toBe("wait 120");
  });

  it("lets a known account code speak before the status, and ignores a code it does not know", () => {
    expect(mapFailure(refusal(401, { Status: "Failure", Error: "badPassword" }), mapping)).toBe("first:badPassword");
    expect(mapFailure(refusal(401, { Status: "Failure", Error: "madeUp" }), mapping)).toBe("loggedOut");
  });

  it("answers every other status with the fallback", () => {
    expect(mapFailure(refusal(500), mapping)).toBe("other 500");
    expect(mapFailure(refusal(418), { ...mapping, otherwise: "fixed" })).toBe("fixed");
  });
});
