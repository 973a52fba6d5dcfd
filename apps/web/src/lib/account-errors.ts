import { type AccountErrorCode, accountErrorCodes } from "@precis/contract/account-rules";
import type enAuth from "@/i18n/en/auth.json";
import { type ApiRequestError, isApiRequestError } from "@/lib/api-client";
import { getPasskeyCeremonyFailure } from "@/lib/webauthn";

/** A key of the `errors` group of the auth catalogue. */
export type AuthErrorKey = keyof (typeof enAuth)["errors"];

/** What a screen shows after a failed call: one of the catalogue's texts, and how long to wait after a 429. */
export type Failure = { message: AuthErrorKey; retryAfterSeconds?: number | null };

/** The `Error` code of a failed account call, when the server sent one of ours. */
export function getAccountErrorCode(error: ApiRequestError): AccountErrorCode | null {
  const body = error.body;
  if (typeof body !== "object" || body === null || !("Error" in body)) return null;
  const code = body.Error;
  return accountErrorCodes.find((known) => known === code) ?? null;
}

/** Whether the failed call's body carries an `Error` field at all, known to this app or not. */
function hasErrorField(error: ApiRequestError): boolean {
  const body = error.body;
  return typeof body === "object" && body !== null && "Error" in body && body.Error != null;
}

/** fetch rejects with a TypeError when the request never got an answer (offline, DNS, CORS). */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

function tooManyAttempts(error: ApiRequestError): Failure {
  return { message: "tooManyAttempts", retryAfterSeconds: error.retryAfterSeconds };
}

/** SPEC §8 Login. */
export function getLoginFailure(error: unknown): Failure {
  if (!isApiRequestError(error)) return { message: isNetworkError(error) ? "network" : "unknown" };
  switch (error.status) {
    case 401:
      return { message: "badPassword" };
    case 404:
      return { message: "userNotFound" };
    case 400:
      return { message: "checkCredentials" };
    case 429:
      return tooManyAttempts(error);
    default:
      return { message: "unknown" };
  }
}

/**
 * The login's second step: a wrong code is its field's error (five tries), an expired or spent first step sends
 * the person back to the password (the token's field), anything else is said above the form.
 */
export type SecondFactorFailure = { kind: "wrongCode" } | { kind: "expired" } | { kind: "alert"; failure: Failure };

export function getSecondFactorFailure(error: unknown): SecondFactorFailure {
  if (!isApiRequestError(error)) {
    return { kind: "alert", failure: { message: isNetworkError(error) ? "network" : "unknown" } };
  }
  const fields = (error.apiError?.fields ?? []).map((field) => field.path);
  if (error.status === 429) return { kind: "alert", failure: tooManyAttempts(error) };
  // Too many wrong codes in a row: the step stays locked until a new password is set by email.
  if (error.status === 403) return { kind: "alert", failure: { message: "secondStepLocked" } };
  if (error.status === 400 || error.status === 401) {
    if (fields.includes("secondFactorToken")) return { kind: "expired" };
    if (fields.includes("code")) return { kind: "wrongCode" };
    // A 401 naming nothing: the first step is no longer good.
    if (error.status === 401) return { kind: "expired" };
  }
  return { kind: "alert", failure: { message: "unknown" } };
}

/**
 * "Sign in with a passkey": the browser's part (closed, unsupported) or the server's (a passkey it does not
 * know, one it could not verify: api/login-with-passkey.ts throws UnknownPasskeyError for the first).
 */
export function getPasskeyLoginFailure(error: unknown): Failure {
  if (error instanceof Error && error.name === "UnknownPasskeyError") return { message: "unknownPasskey" };
  switch (getPasskeyCeremonyFailure(error)) {
    case "cancelled":
      return { message: "passkeyCancelled" };
    case "unsupported":
      return { message: "passkeysUnsupported" };
    case null:
      break;
    default:
      return { message: "passkeyNotVerified" };
  }
  if (!isApiRequestError(error)) return { message: isNetworkError(error) ? "network" : "unknown" };
  if (error.status === 429) return tooManyAttempts(error);
  if (error.status === 400 || error.status === 401) return { message: "passkeyNotVerified" };
  return { message: "unknown" };
}

/** SPEC §4 Registration status; the SSO states arrive with SSO sign-in. */
export type RegistrationStatus =
  | "idle"
  | "loading"
  | "success"
  | "emailExists"
  | "usernameExists"
  | "invalidPassword"
  | "commonPassword"
  | "tooManyAttempts"
  | "error";

export type RegistrationFailure = Failure & { status: Exclude<RegistrationStatus, "idle" | "loading" | "success"> };

/** SPEC §8 Registration: 409s by their code, password problems by theirs, anything else "review your details". */
export function getRegistrationFailure(error: unknown): RegistrationFailure {
  if (!isApiRequestError(error)) {
    // A reply that is not SPEC's `Status: "Success"` fails the schema and lands here too.
    return { status: "error", message: isNetworkError(error) ? "network" : "registrationFailed" };
  }
  const code = getAccountErrorCode(error);
  if (error.status === 409) {
    return code === "usernameExists"
      ? { status: "usernameExists", message: "usernameExists" }
      : { status: "emailExists", message: "emailExists" };
  }
  if (error.status === 429) return { status: "tooManyAttempts", ...tooManyAttempts(error) };
  if (code === "invalidPassword") return { status: "invalidPassword", message: "invalidPassword" };
  if (code === "commonPassword") return { status: "commonPassword", message: "commonPassword" };
  return { status: "error", message: "registrationFailed" };
}

/**
 * SPEC §4/§8 Forgot password: 404, 401 and answers without an error say the user was not found.
 * Server failures (5xx) and lost connections say so instead, since "not found" would mislead.
 */
export function getFindUserFailure(error: unknown): Failure {
  if (!isApiRequestError(error)) return { message: isNetworkError(error) ? "network" : "findUserNotFound" };
  if (error.status === 429) return tooManyAttempts(error);
  if (error.status >= 500) return { message: "unknown" };
  if (error.status === 400 && getAccountErrorCode(error) === null) return { message: "invalidEmail" };
  return { message: "findUserNotFound" };
}

/**
 * SPEC §4 reset-password status values. `no-match` and the local `invalid` are the confirmation's
 * and the new password's own field errors, so they are not repeated here.
 */
export type ResetPasswordStatus = "idle" | "cached" | "success" | "failure" | "invalid" | "unknown";

export type ResetPasswordFailure = Failure & {
  status: Extract<ResetPasswordStatus, "failure" | "invalid" | "unknown">;
};

/** SPEC §8 Reset password. */
export function getResetPasswordFailure(error: unknown): ResetPasswordFailure {
  if (!isApiRequestError(error)) {
    return { status: "unknown", message: isNetworkError(error) ? "network" : "resetFailed" };
  }
  const code = getAccountErrorCode(error);
  if (error.status === 401) return { status: "failure", message: "invalidCode" };
  if (error.status === 429) return { status: "failure", ...tooManyAttempts(error) };
  if (code === "invalidPassword") return { status: "invalid", message: "passwordRequirementsNotMet" };
  if (code === "commonPassword") return { status: "invalid", message: "commonPassword" };
  // SPEC: "404 or any answer with an Error", whatever the Error says: one this app does not know included.
  if (error.status === 404 || hasErrorField(error)) return { status: "failure", message: "findUserNotFound" };
  return { status: "unknown", message: "resetFailed" };
}
