import { mapFailure } from "@/lib/failure-mapper";

/**
 * product §8 Subscription, as the page reads a failed pricing fetch: an answer the server gave without a session in
 * it (`null`, or a body that is not one) is SPEC's "logged in with no data", "Something went wrong. Please reload
 * the page." (issue 58); a refusal or a lost connection is the fetch failing, "Failed. Please reload the page."
 */
export function getPricingFailure(error: unknown): "failed" | "noData" {
  return mapFailure<"failed" | "noData">(error, {
    unanswered: { network: "failed", unknown: "noData" },
    otherwise: "failed",
  });
}
