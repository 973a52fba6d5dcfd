import { type AccountErrorCode, accountErrorCodes } from "@precis/contract/account-rules";
import type { SupportedLanguage } from "@/i18n/languages";
import { isApiRequestError } from "@/lib/api-client";

/*
 * What the account and privacy screens read from a failed call, in the shared layer so that every feature
 * reads it alike without importing another feature (decision 006).
 */

/** The `Error` code of a failed account call (`badPassword`, `commonPassword`…), when the server sent one of ours. */
export function getAccountErrorCode(error: unknown): AccountErrorCode | null {
  if (!isApiRequestError(error)) return null;
  const body = error.body;
  if (typeof body !== "object" || body === null || !("Error" in body)) return null;
  return accountErrorCodes.find((known) => known === body.Error) ?? null;
}

/** fetch rejects with a TypeError when the request never got an answer (offline, DNS, CORS). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * The 403 of a sensitive action whose session proved who its person is more than 15 minutes ago: the
 * server names `reauthentication` among the fields, and the action works again once the password is
 * confirmed (components/confirm-identity.tsx).
 */
export function needsReauthentication(error: unknown): boolean {
  return (
    isApiRequestError(error) &&
    error.status === 403 &&
    (error.apiError?.fields ?? []).some((field) => field.path === "reauthentication")
  );
}

/** The fields a refusal names (`code`, `secondFactorToken`, `response`…), by their dotted paths; none for other errors. */
export function getRefusedFields(error: unknown): string[] {
  return isApiRequestError(error) ? (error.apiError?.fields ?? []).map((field) => field.path) : [];
}

/** "15 minutes", "1 minute": a Retry-After delay in whole minutes (never "0 minutes"), Intl choosing the plural. */
export function formatRetryWait(retryAfterSeconds: number, language: SupportedLanguage): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new Intl.NumberFormat(language, { style: "unit", unit: "minute", unitDisplay: "long" }).format(minutes);
}
