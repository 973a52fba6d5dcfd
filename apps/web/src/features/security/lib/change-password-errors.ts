import { isApiRequestError } from "@/lib/api-client";
import { getAccountErrorCode, isNetworkFailure } from "@/lib/api-failures";

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
  if (!isApiRequestError(error)) return { kind: isNetworkFailure(error) ? "network" : "unknown" };
  const code = getAccountErrorCode(error);
  if (code === "badPassword") return { kind: "field", field: "currentPassword", message: "badPassword" };
  if (code === "invalidPassword" || code === "commonPassword") {
    return { kind: "field", field: "newPassword", message: code };
  }
  switch (error.status) {
    case 401:
      // A 401 without badPassword: the session itself has ended.
      return { kind: "loggedOut" };
    case 409:
      return { kind: "noPassword" };
    case 429:
      return { kind: "tooManyAttempts", retryAfterSeconds: error.retryAfterSeconds };
    default:
      return { kind: "unknown" };
  }
}
