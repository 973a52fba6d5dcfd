import type enSso from "@/i18n/en/sso.json";
import { isNetworkFailure } from "@/lib/api-failures";
import { mapFailure } from "@/lib/failure-mapper";
import { MissingEmailError } from "./firebase-sign-in";

/** A key of the `errors` group of the sso catalogue. */
export type SsoErrorKey = keyof (typeof enSso)["errors"];

/** The Firebase error code of a failed popup sign-in, without importing the SDK to check it. */
function getFirebaseErrorCode(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  return typeof error.code === "string" && error.code.startsWith("auth/") ? error.code : null;
}

/** product §8 SSO login, for what went wrong in the popup; null when the error came from elsewhere. */
function getPopupFailure(error: unknown): SsoErrorKey | null {
  if (error instanceof MissingEmailError) return "missingEmail";
  const code = getFirebaseErrorCode(error);
  if (code === null) return null;
  // A second click while a popup is open cancels the first: the same "closed" story for the user.
  if (code === "auth/popup-closed-by-user" || code === "auth/cancelled-popup-request") return "popupClosed";
  if (code === "auth/popup-blocked") return "popupBlocked";
  if (code === "auth/account-exists-with-different-credential") return "accountExists";
  return "unableToFetch";
}

/** Answers every SSO call shares: busy limits, and sign-in unavailable. */
const commonStatuses = { 429: "tooManyAttempts", 503: "unavailable" } as const;

/** product §8 SSO login. A 404 is not a failure: the caller sends the visitor to /sso/register. */
export function getSsoLoginFailure(error: unknown): SsoErrorKey {
  return mapFailure<SsoErrorKey>(error, {
    unanswered: (unanswered) =>
      getPopupFailure(unanswered) ?? (isNetworkFailure(unanswered) ? "network" : "unableToFetch"),
    byStatus: commonStatuses,
    otherwise: ({ status }) => (status >= 500 ? "unknown" : "unableToFetch"),
  });
}

/** product §8 Completion of SSO registration. */
export function getSsoRegisterFailure(error: unknown): SsoErrorKey {
  return mapFailure<SsoErrorKey>(error, {
    unanswered: (unanswered) =>
      getPopupFailure(unanswered) ?? (isNetworkFailure(unanswered) ? "network" : "registrationUnknown"),
    byStatus: {
      ...commonStatuses,
      401: "invalidEmailOrPassword",
      409: ({ code }) => (code === "usernameExists" ? "usernameExists" : "emailExists"),
    },
    otherwise: "registrationUnknown",
  });
}

/** product §8 Change email; "notLoggedIn" is the 401 that sends the visitor to /login (product §4). */
export function getChangeEmailFailure(error: unknown): SsoErrorKey | "notLoggedIn" {
  return mapFailure<SsoErrorKey | "notLoggedIn">(error, {
    unanswered: (unanswered) => {
      const popupFailure = getPopupFailure(unanswered);
      return popupFailure && popupFailure !== "unableToFetch" ? popupFailure : "changeEmailFailed";
    },
    byStatus: {
      ...commonStatuses,
      // The server also answers 401 to a token it refuses; only a missing session means "log in".
      401: ({ code }) => (code === "invalidToken" ? "invalidEmail" : "notLoggedIn"),
      409: "emailInUse",
    },
    otherwise: ({ status }) => (status >= 400 && status < 500 ? "invalidEmail" : "somethingWentWrong"),
  });
}
