import { describe, expect, it } from "vitest";
import type { FailureAnswer } from "../../lib/operations/failures.ts";
import type { FirmRefusal } from "./refusals.ts";
import { firmFailures, firmRefusalAnswers } from "./responses.ts";

/** What the routes answer a refusal with: its entry in the table, written from the refusal's facts. */
function firmFailureOf(refusal: FirmRefusal): FailureAnswer {
  const failure: FailureAnswer | ((refusal: never) => FailureAnswer) = firmRefusalAnswers[refusal.outcome];
  return typeof failure === "function" ? (failure as (refusal: FirmRefusal) => FailureAnswer)(refusal) : failure;
}

describe("the firms' failure table", () => {
  it("writes a refusal's facts into its answer: the domain, the seats, the member count", () => {
    expect(firmFailureOf({ outcome: "domainNotAdded", domain: "cabinet.ca" })).toEqual({
      statusCode: 404,
      message: "This firm has not added cabinet.ca, the domain of your email address.",
      fields: [{ path: "firmId", message: "is not a firm your email address's domain belongs to" }],
    });
    expect(firmFailureOf({ outcome: "seatsFullForInvitation", held: 5, seats: 5 })).toMatchObject({
      statusCode: 409,
      fields: [{ path: "seats", message: "5 of 5 seats are taken or held by open invitations" }],
    });
    expect(firmFailureOf({ outcome: "tooFewSeats", members: 7 })).toMatchObject({
      statusCode: 400,
      message: "Buy at least 7 seats: one for each member of your firm.",
    });
  });

  it("answers every refusal with a 4xx, or a 503 when Stripe, its settings or DNS are missing", () => {
    const facts = { domain: "firm.ca", held: 1, seats: 1, members: 1 };
    for (const outcome of Object.keys(firmRefusalAnswers) as FirmRefusal["outcome"][]) {
      const { statusCode } = firmFailureOf({ outcome, ...facts } as FirmRefusal);
      expect(statusCode === 503 || (statusCode >= 400 && statusCode < 500), outcome).toBe(true);
    }
  });

  it("gives every route's table only the answers of the refusals in the one table, unchanged", () => {
    const answers: Record<string, unknown> = firmRefusalAnswers;
    for (const [route, table] of Object.entries(firmFailures)) {
      for (const [outcome, answer] of Object.entries(table)) {
        expect(answer, `${route}: ${outcome}`).toBe(answers[outcome]);
      }
    }
  });
});
