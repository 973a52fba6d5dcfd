import { NOT_ACADEMIC_FIELD } from "@precis/contract/verification";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { getAccountErrorCode } from "@/lib/account-errors";
import { isApiRequestError } from "@/lib/api-client";
import { getRefusedFields } from "@/lib/api-failures";

/**
 * What a failed verification call says. The account screens' own sentences where they fit (a wrong code, an
 * address already in use, too many tries), so the same failure reads the same everywhere.
 */
export const verificationFailureTexts = {
  invalidCode: "verification:errors.wrongCode",
  emailExists: "auth:errors.emailExists",
  invalidEmail: "auth:errors.invalidEmail",
  network: "auth:errors.network",
  unknown: "auth:errors.unknown",
  tooManyAttempts: "auth:errors.tooManyAttempts",
  tooManyCodes: "verification:errors.tooManyCodes",
  alreadyVerified: "verification:errors.alreadyVerified",
  notLoggedIn: "verification:errors.notLoggedIn",
  otherSession: "verification:errors.otherSession",
  identityNotConfirmed: "verification:errors.identityNotConfirmed",
  notAcademic: "verification:errors.notAcademic",
} as const;

export type VerificationFailureKey = keyof typeof verificationFailureTexts;

/** A failure, and after a 429 how long to wait (from Retry-After). */
export type VerificationFailure = { key: VerificationFailureKey; retryAfterSeconds?: number | null };

/** The 409 of a resend without an address when the account's own is proven already (no `Error` code). */
export function isAlreadyVerified(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 409 && getAccountErrorCode(error) !== "emailExists";
}

/**
 * A call without an answer of the server's: fetch rejects with a TypeError when the request never got one
 * (offline, DNS, CORS); anything else (an answer that fails its schema) is unknown.
 */
function getUnansweredFailure(error: unknown): VerificationFailure {
  // The confirm-identity dialog closed: a change of address was not made (issue 42).
  if (isIdentityNotConfirmed(error)) return { key: "identityNotConfirmed" };
  return { key: error instanceof TypeError ? "network" : "unknown" };
}

/** `POST /api/verify-email`. */
export function getVerifyFailure(error: unknown): VerificationFailure {
  if (!isApiRequestError(error)) return getUnansweredFailure(error);
  switch (error.status) {
    case 401:
      // A wrong, expired or used code carries its code; without one, the session is gone.
      return { key: getAccountErrorCode(error) === "invalidCode" ? "invalidCode" : "notLoggedIn" };
    case 400:
      // The page checks the code's shape; what the server still refuses is a code that cannot be right.
      return { key: "invalidCode" };
    case 403:
      // A code that moves the account works only in the session that asked for it (issue 42).
      return { key: getRefusedFields(error).includes("session") ? "otherSession" : "unknown" };
    case 409:
      return { key: "emailExists" };
    case 429:
      return { key: "tooManyAttempts", retryAfterSeconds: error.retryAfterSeconds };
    default:
      return { key: "unknown" };
  }
}

/** `POST /api/verify-email/resend`. */
export function getResendFailure(error: unknown): VerificationFailure {
  if (!isApiRequestError(error)) return getUnansweredFailure(error);
  switch (error.status) {
    case 401:
      return { key: "notLoggedIn" };
    case 400:
      return { key: getRefusedFields(error).includes(NOT_ACADEMIC_FIELD) ? "notAcademic" : "invalidEmail" };
    case 409:
      return { key: isAlreadyVerified(error) ? "alreadyVerified" : "emailExists" };
    case 429:
      return { key: "tooManyCodes", retryAfterSeconds: error.retryAfterSeconds };
    default:
      return { key: "unknown" };
  }
}

/** What a failed undo of an email change says: keys of the verification catalogue's `undo.errors` group. */
export type UndoFailureKey = "invalidLink" | "addressTaken" | "tooManyAttempts" | "network" | "unknown";

/** `POST /api/email-change/undo`. */
export function getUndoFailure(error: unknown): UndoFailureKey {
  if (!isApiRequestError(error)) return error instanceof TypeError ? "network" : "unknown";
  switch (error.status) {
    case 400:
    case 404:
      // A malformed token, or one used, expired or never issued: the same dead link to the person.
      return "invalidLink";
    case 409:
      return "addressTaken";
    case 429:
      return "tooManyAttempts";
    default:
      return "unknown";
  }
}
