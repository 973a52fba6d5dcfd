import { isApiRequestError } from "@/lib/api-client";

/**
 * The field note of the server's 401 for a recovery code spent before (auth/routes.ts, mfa/routes.ts): a wrong
 * code to the error mappers (lib/account-errors.ts), told apart here so the forms that take one (the login's second step, the
 * confirm-identity dialog, turning the app off) can say what happened. Read
 * from the field, not from the contract's message, whose module would bring zod into the login page's code.
 */
const USED_CODE_FIELD_MESSAGE = "was already used";

export function isUsedRecoveryCode(error: unknown): boolean {
  return (
    isApiRequestError(error) &&
    (error.apiError?.fields ?? []).some((field) => field.path === "code" && field.message === USED_CODE_FIELD_MESSAGE)
  );
}
