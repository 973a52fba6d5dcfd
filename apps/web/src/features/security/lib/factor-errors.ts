import { isNetworkFailure } from "@/lib/api-failures";
import { mapFailure } from "@/lib/failure-mapper";
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
  /** Too many wrong codes in a row locked the second step until the owner proves the address (decision 042). */
  | { kind: "secondStepLocked" }
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
  return mapFailure<FactorFailure>(error, {
    unanswered: (unanswered) => {
      const ceremony = getPasskeyCeremonyFailure(unanswered);
      if (ceremony) return { kind: "ceremony", reason: ceremony };
      return { kind: isNetworkFailure(unanswered) ? "network" : "unknown" };
    },
    first: ({ code }) => (code === "badPassword" ? { kind: "badPassword" } : undefined),
    byStatus: {
      400: ({ fields }) => {
        if (fields.includes("response")) return { kind: "passkeyNotVerified" };
        // A code of the wrong shape ("12345") is refused before it is checked: the same field error.
        return fields.some((field) => field === "code" || field.startsWith("code."))
          ? { kind: "wrongCode" }
          : { kind: "unknown" };
      },
      401: ({ fields }) => {
        // A 401 that names no field of the form: the session itself has ended.
        if (fields.includes("code")) return { kind: "wrongCode" };
        if (fields.includes("password")) return { kind: "badPassword" };
        if (fields.includes("response")) return { kind: "passkeyNotVerified" };
        return { kind: "loggedOut" };
      },
      // A 403 for step-up never gets here: confirmIdentityThen asked and tried again.
      403: ({ fields }) => {
        if (fields.includes("emailVerification")) return { kind: "emailNotVerified" };
        return fields.includes("code") ? { kind: "secondStepLocked" } : { kind: "unknown" };
      },
      404: { kind: "notFound" },
      409: { kind: "conflict" },
      429: ({ retryAfterSeconds }) => ({ kind: "tooManyAttempts", retryAfterSeconds }),
    },
    otherwise: { kind: "unknown" },
  });
}
