import { describe, expect, it } from "vitest";
import type { FailureAnswer } from "../../lib/operations/failures.ts";
import { FirmRefusal, type FirmRefusalKind, type FirmRefusalReason, refusals } from "./refusals.ts";
import { firmFailures } from "./responses.ts";

/** What the routes answer a refusal with: its entry in the table, written from the reason's facts. */
function firmFailureOf(reason: FirmRefusalReason): FailureAnswer {
  const failure: FailureAnswer | ((reason: never) => FailureAnswer) = firmFailures[reason.kind];
  return typeof failure === "function" ? (failure as (reason: FirmRefusalReason) => FailureAnswer)(reason) : failure;
}

describe("the firms' failure table", () => {
  it("writes a refusal's facts into its answer: the domain, the seats, the member count", () => {
    expect(firmFailureOf(refusals.domainNotAdded("cabinet.ca").reason)).toEqual({
      statusCode: 404,
      message: "This firm has not added cabinet.ca, the domain of your email address.",
      fields: [{ path: "firmId", message: "is not a firm your email address's domain belongs to" }],
    });
    expect(firmFailureOf(refusals.seatsFullForInvitation(5, 5).reason)).toMatchObject({
      statusCode: 409,
      fields: [{ path: "seats", message: "5 of 5 seats are taken or held by open invitations" }],
    });
    expect(firmFailureOf(refusals.tooFewSeats(7).reason)).toMatchObject({
      statusCode: 400,
      message: "Buy at least 7 seats: one for each member of your firm.",
    });
  });

  it("answers every reason a service can throw with a 4xx, or a 503 when Stripe or its settings are missing", () => {
    const kinds = Object.keys(refusals) as FirmRefusalKind[];
    expect(kinds.sort()).toEqual(Object.keys(firmFailures).sort());
    for (const make of Object.values(refusals)) {
      const refusal = (make as (...facts: unknown[]) => FirmRefusal)("firm.ca", 1, 1);
      expect(refusal).toBeInstanceOf(FirmRefusal);
      const { statusCode } = firmFailureOf(refusal.reason);
      expect(statusCode === 503 || (statusCode >= 400 && statusCode < 500), refusal.reason.kind).toBe(true);
    }
  });
});
