import { mapFailure } from "@/lib/failure-mapper";

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
  return mapFailure<PrivacyFailure>(error, {
    unanswered: { network: { key: "network" }, unknown: { key: "unknown" } },
    byStatus: {
      401: { key: "loggedOut" },
      404: { key: call === "cancel" ? "nothingToCancel" : "unknown" },
      429: ({ retryAfterSeconds }) => ({
        key: call === "export" ? "tooManyExports" : "tooManyAttempts",
        retryAfterSeconds,
      }),
    },
    otherwise: { key: "unknown" },
  });
}
