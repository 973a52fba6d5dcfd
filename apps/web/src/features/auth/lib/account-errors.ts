import { type AccountErrorCode, accountErrorCodes } from "@precis/contract/account-rules";
import type enAuth from "@/i18n/en/auth.json";
import { type ApiRequestError, isApiRequestError } from "@/lib/api-client";

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
  if (error.status === 404 || code !== null) return { status: "failure", message: "findUserNotFound" };
  return { status: "unknown", message: "resetFailed" };
}
