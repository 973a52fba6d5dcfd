import { apiFailure, type FailedOutcome, type FailureResponses } from "../accounts/responses.ts";
import type { recordMemoUsage } from "./service.ts";

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
  } satisfies FailureResponses<FailedOutcome<typeof recordMemoUsage, "recorded">>,
};
