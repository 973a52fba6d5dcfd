import { NOT_ACADEMIC_FIELD } from "@precis/contract/verification";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { isApiRequestError } from "@/lib/api-client";
import { getAccountErrorCode, isNetworkFailure } from "@/lib/api-failures";
import { mapFailure, type Refusal } from "@/lib/failure-mapper";

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
  return { key: isNetworkFailure(error) ? "network" : "unknown" };
}

/** A 429, with how long to wait. */
const tooMany =
  (key: VerificationFailureKey) =>
  ({ retryAfterSeconds }: Refusal): VerificationFailure => ({ key, retryAfterSeconds });

/** `POST /api/verify-email`. */
export function getVerifyFailure(error: unknown): VerificationFailure {
  return mapFailure<VerificationFailure>(error, {
    unanswered: getUnansweredFailure,
    byStatus: {
      // A wrong, expired or used code carries its code; without one, the session is gone.
      401: ({ code }) => ({ key: code === "invalidCode" ? "invalidCode" : "notLoggedIn" }),
      // The page checks the code's shape; what the server still refuses is a code that cannot be right.
      400: { key: "invalidCode" },
      // A code that moves the account works only in the session that asked for it (issue 42).
      403: ({ fields }) => ({ key: fields.includes("session") ? "otherSession" : "unknown" }),
      409: { key: "emailExists" },
      429: tooMany("tooManyAttempts"),
    },
    otherwise: { key: "unknown" },
  });
}

/** `POST /api/verify-email/resend`. */
export function getResendFailure(error: unknown): VerificationFailure {
  return mapFailure<VerificationFailure>(error, {
    unanswered: getUnansweredFailure,
    byStatus: {
      401: { key: "notLoggedIn" },
      400: ({ fields }) => ({ key: fields.includes(NOT_ACADEMIC_FIELD) ? "notAcademic" : "invalidEmail" }),
      409: ({ error }) => ({ key: isAlreadyVerified(error) ? "alreadyVerified" : "emailExists" }),
      429: tooMany("tooManyCodes"),
    },
    otherwise: { key: "unknown" },
  });
}

/** What a failed undo of an email change says: keys of the verification catalogue's `undo.errors` group. */
export type UndoFailureKey = "invalidLink" | "addressTaken" | "tooManyAttempts" | "network" | "unknown";

/** `POST /api/email-change/undo`. */
export function getUndoFailure(error: unknown): UndoFailureKey {
  return mapFailure<UndoFailureKey>(error, {
    unanswered: { network: "network", unknown: "unknown" },
    byStatus: {
      // A malformed token, or one used, expired or never issued: the same dead link to the person.
      400: "invalidLink",
      404: "invalidLink",
      409: "addressTaken",
      429: "tooManyAttempts",
    },
    otherwise: "unknown",
  });
}
