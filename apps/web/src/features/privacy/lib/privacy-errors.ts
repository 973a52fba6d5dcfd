import { isApiRequestError } from "@/lib/api-client";
import { isNetworkFailure } from "@/lib/api-failures";

/** Keys of the privacy catalogue's `errors` group. */
export type PrivacyFailureKey =
  | "tooManyExports"
  | "tooManyAttempts"
  | "nothingToCancel"
  | "loggedOut"
  | "network"
  | "unknown";

export type PrivacyFailure = { key: PrivacyFailureKey; retryAfterSeconds?: number | null };

/**
 * What a failed privacy call says: the export's hourly limit, a cancellation with nothing to cancel, a session
 * that has ended, a lost connection. The confirm-identity dialog has dealt with the 403 of an old sign-in
 * before this sees the error.
 */
export function getPrivacyFailure(error: unknown, call: "export" | "delete" | "cancel" | "accept"): PrivacyFailure {
  if (!isApiRequestError(error)) return { key: isNetworkFailure(error) ? "network" : "unknown" };
  switch (error.status) {
    case 401:
      return { key: "loggedOut" };
    case 404:
      return { key: call === "cancel" ? "nothingToCancel" : "unknown" };
    case 429:
      return {
        key: call === "export" ? "tooManyExports" : "tooManyAttempts",
        retryAfterSeconds: error.retryAfterSeconds,
      };
    default:
      return { key: "unknown" };
  }
}
