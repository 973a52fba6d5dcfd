import { isApiRequestError } from "@/lib/api-client";
import { getAccountErrorCode, getRefusedFields, isNetworkFailure } from "@/lib/api-failures";
import { getPasskeyCeremonyFailure, type PasskeyCeremonyFailure } from "@/lib/webauthn";

/**
 * What a refused call of the two-step verification and passkey panels comes to. The server tells its refusals
 * apart by status and field (contract/mfa.ts's `mfaMessages`); what a 409 or a 404 means depends on the call,
 * so the panels word them.
 */
export type FactorFailure =
  /** A wrong or malformed code (the app's or a recovery code): the code field's own error. */
  | { kind: "wrongCode" }
  /** A wrong password: the password field's own error. */
  | { kind: "badPassword" }
  /** The account's state does not allow it (the app already on or off, no setup waiting, too many passkeys). */
  | { kind: "conflict" }
  /** The account's address is not proven yet, so no factor may be added (issue 42, finding 3). */
  | { kind: "emailNotVerified" }
  /** The passkey is gone (removed from another device). */
  | { kind: "notFound" }
  /** The server could not verify the authenticator's answer. */
  | { kind: "passkeyNotVerified" }
  /** The browser's part of a passkey ceremony. */
  | { kind: "ceremony"; reason: PasskeyCeremonyFailure }
  | { kind: "tooManyAttempts"; retryAfterSeconds: number | null }
  | { kind: "loggedOut" }
  | { kind: "network" }
  | { kind: "unknown" };

export function getFactorFailure(error: unknown): FactorFailure {
  const ceremony = getPasskeyCeremonyFailure(error);
  if (ceremony) return { kind: "ceremony", reason: ceremony };
  if (!isApiRequestError(error)) return { kind: isNetworkFailure(error) ? "network" : "unknown" };
  const fields = getRefusedFields(error);
  if (getAccountErrorCode(error) === "badPassword") return { kind: "badPassword" };
  switch (error.status) {
    case 400:
      if (fields.includes("response")) return { kind: "passkeyNotVerified" };
      // A code of the wrong shape ("12345") is refused before it is checked: the same field error.
      return fields.some((field) => field === "code" || field.startsWith("code."))
        ? { kind: "wrongCode" }
        : { kind: "unknown" };
    case 401:
      // A 401 that names no field of the form: the session itself has ended.
      if (fields.includes("code")) return { kind: "wrongCode" };
      if (fields.includes("password")) return { kind: "badPassword" };
      if (fields.includes("response")) return { kind: "passkeyNotVerified" };
      return { kind: "loggedOut" };
    case 403:
      // A 403 for step-up never gets here: confirmIdentityThen asked and tried again.
      return fields.includes("emailVerification") ? { kind: "emailNotVerified" } : { kind: "unknown" };
    case 404:
      return { kind: "notFound" };
    case 409:
      return { kind: "conflict" };
    case 429:
      return { kind: "tooManyAttempts", retryAfterSeconds: error.retryAfterSeconds };
    default:
      return { kind: "unknown" };
  }
}
