import type enSso from "@/i18n/en/sso.json";
import { getAccountErrorCode } from "@/lib/account-errors";
import { isApiRequestError } from "@/lib/api-client";
import { MissingEmailError } from "./firebase-sign-in";

/** A key of the `errors` group of the sso catalogue. */
export type SsoErrorKey = keyof (typeof enSso)["errors"];

/** The Firebase error code of a failed popup sign-in, without importing the SDK to check it. */
function getFirebaseErrorCode(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  return typeof error.code === "string" && error.code.startsWith("auth/") ? error.code : null;
}

/** SPEC §8 SSO login, for what went wrong in the popup; null when the error came from elsewhere. */
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

/** Answers every SSO call shares: busy limits, sign-in unavailable, and no answer at all. */
function getCommonFailure(error: unknown): SsoErrorKey | null {
  if (error instanceof TypeError) return "network";
  if (!isApiRequestError(error)) return null;
  if (error.status === 429) return "tooManyAttempts";
  if (error.status === 503) return "unavailable";
  return null;
}

/** SPEC §8 SSO login. A 404 is not a failure: the caller sends the visitor to /sso/register. */
export function getSsoLoginFailure(error: unknown): SsoErrorKey {
  const popupFailure = getPopupFailure(error);
  if (popupFailure) return popupFailure;
  const commonFailure = getCommonFailure(error);
  if (commonFailure) return commonFailure;
  if (isApiRequestError(error) && error.status >= 500) return "unknown";
  return "unableToFetch";
}

/** SPEC §8 Completion of SSO registration. */
export function getSsoRegisterFailure(error: unknown): SsoErrorKey {
  const popupFailure = getPopupFailure(error);
  if (popupFailure) return popupFailure;
  const commonFailure = getCommonFailure(error);
  if (commonFailure) return commonFailure;
  if (isApiRequestError(error)) {
    if (error.status === 401) return "invalidEmailOrPassword";
    if (error.status === 409) return getAccountErrorCode(error) === "usernameExists" ? "usernameExists" : "emailExists";
  }
  return "registrationUnknown";
}

/** SPEC §8 Change email; "notLoggedIn" is the 401 that sends the visitor to /login (SPEC §4). */
export function getChangeEmailFailure(error: unknown): SsoErrorKey | "notLoggedIn" {
  const popupFailure = getPopupFailure(error);
  if (popupFailure && popupFailure !== "unableToFetch") return popupFailure;
  const commonFailure = getCommonFailure(error);
  if (commonFailure && commonFailure !== "network") return commonFailure;
  if (!isApiRequestError(error)) return "changeEmailFailed";
  // The server also answers 401 to a token it refuses; only a missing session means "log in".
  if (error.status === 401) return getAccountErrorCode(error) === "invalidToken" ? "invalidEmail" : "notLoggedIn";
  if (error.status === 409) return "emailInUse";
  if (error.status >= 400 && error.status < 500) return "invalidEmail";
  return "somethingWentWrong";
}
