import { mapFailure } from "@/lib/failure-mapper";

/**
 * What a refused password change says, and where: SPEC's sentences on the field they are about (the current
 * password, or the new one), the rest above the form. Keys of the auth catalogue, so the same failure reads
 * the same as on the login and registration pages.
 */
export type ChangePasswordFailure =
  | {
      kind: "field";
      field: "currentPassword" | "newPassword";
      message: "badPassword" | "invalidPassword" | "commonPassword";
    }
  | { kind: "tooManyAttempts"; retryAfterSeconds: number | null }
  /** A Google or Microsoft account with no password: Forgot your password sets one. */
  | { kind: "noPassword" }
  | { kind: "loggedOut" }
  | { kind: "network" }
  | { kind: "unknown" };

export function getChangePasswordFailure(error: unknown): ChangePasswordFailure {
  return mapFailure<ChangePasswordFailure>(error, {
    unanswered: { network: { kind: "network" }, unknown: { kind: "unknown" } },
    first: ({ code }) => {
      if (code === "badPassword") return { kind: "field", field: "currentPassword", message: "badPassword" };
      if (code === "invalidPassword" || code === "commonPassword") {
        return { kind: "field", field: "newPassword", message: code };
      }
      return undefined;
    },
    byStatus: {
      // A 401 without badPassword: the session itself has ended.
      401: { kind: "loggedOut" },
      409: { kind: "noPassword" },
      429: ({ retryAfterSeconds }) => ({ kind: "tooManyAttempts", retryAfterSeconds }),
    },
    otherwise: { kind: "unknown" },
  });
}
