import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";
import { getCurrentLanguage } from "@/i18n";
import { formatRetryWait } from "@/lib/api-failures";
import type { PrivacyFailure } from "../lib/privacy-errors";

/** A privacy call's failure in words, with the wait after a 429 when the server said how long. */
export function usePrivacyFailureText(failure: PrivacyFailure): string {
  const { t } = useTranslation("privacy");
  const { key, retryAfterSeconds } = failure;
  if ((key === "tooManyExports" || key === "tooManyAttempts") && retryAfterSeconds != null) {
    const duration = formatRetryWait(retryAfterSeconds, getCurrentLanguage());
    return t(key === "tooManyExports" ? "errors.tooManyExportsWait" : "errors.tooManyAttemptsWait", { duration });
  }
  return t(`errors.${key}`);
}

/** The failure, announced at once (role="alert"). */
export function PrivacyFailureAlert({ failure, className }: { failure: PrivacyFailure; className?: string }) {
  return <Notice type="error" role="alert" className={className} title={usePrivacyFailureText(failure)} />;
}
