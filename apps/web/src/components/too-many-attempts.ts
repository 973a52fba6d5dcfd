import { useTranslation } from "react-i18next";
import { getCurrentLanguage } from "@/i18n";
import { formatRetryWait } from "@/lib/api-failures";

/**
 * The words for a refusal after too many tries (a 429): with the wait when the server said how long, else without.
 * The confirm-identity dialog and the security panels each wrote this choice.
 */
export function useTooManyAttemptsText() {
  const { t } = useTranslation("auth");
  return (retryAfterSeconds: number | null | undefined) =>
    retryAfterSeconds == null
      ? t("errors.tooManyAttemptsNoDelay")
      : t("errors.tooManyAttempts", { duration: formatRetryWait(retryAfterSeconds, getCurrentLanguage()) });
}
