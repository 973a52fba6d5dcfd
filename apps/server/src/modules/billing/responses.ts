import {
  answerFromFacts,
  apiFailure,
  type FailedOutcome,
  type FailureResponses,
} from "../../lib/operations/failures.ts";
import type { recordMemoUsage } from "./service.ts";

/** A code that breaks the firm's mask: the answer names the mask and what its letters stand for. */
const matterMismatchFailure = answerFromFacts(400, ({ mask }: { mask: string }) => ({
  message: `This client-matter code does not have your firm's format, ${mask} (N is a digit, A a letter, X a letter or a digit; other characters stand for themselves).`,
  fields: [{ path: "matter", message: `must match the mask ${mask}` }],
}));

/** What each failed outcome of the billing routes answers. */
export const billingFailures = {
  memoUsage: {
    unverified: apiFailure(
      403,
      "Verify your email address first: enter the code we emailed you, or ask for a new one on your account page.",
    ),
    noAccess: apiFailure(402, "Your free access has ended. Choose a plan to keep generating memos."),
    limitReached: apiFailure(402, "You have reached this month's memo limit for your plan."),
    policyTwoStepRequired: apiFailure(
      403,
      "Your firm requires two-step verification. Add an authenticator app or a passkey on your Security page to keep generating memos.",
    ),
    matterRequired: apiFailure(400, "Your firm requires a client-matter code for each memo. Enter one and try again.", [
      { path: "matter", message: "is required by your firm" },
    ]),
    matterMismatch: matterMismatchFailure,
  } satisfies FailureResponses<FailedOutcome<typeof recordMemoUsage, "recorded">>,
};
