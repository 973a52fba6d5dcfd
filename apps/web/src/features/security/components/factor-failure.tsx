import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";
import { getCurrentLanguage } from "@/i18n";
import { formatRetryWait } from "@/lib/api-failures";
import type { FactorFailure } from "../lib/factor-errors";

/**
 * The words for a refusal the panels show above their controls; the field errors (a wrong code, a wrong
 * password) and the call-specific conflicts are worded by the panel that knows the call.
 */
export function useFactorFailureText() {
  const { t } = useTranslation(["security", "auth"]);
  return (failure: FactorFailure): string => {
    switch (failure.kind) {
      case "tooManyAttempts":
        return failure.retryAfterSeconds == null
          ? t("auth:errors.tooManyAttemptsNoDelay")
          : t("auth:errors.tooManyAttempts", {
              duration: formatRetryWait(failure.retryAfterSeconds, getCurrentLanguage()),
            });
      case "loggedOut":
        return t("security:factors.loggedOut");
      case "network":
        return t("security:factors.failedNetwork");
      case "passkeyNotVerified":
        return t("security:passkeys.notVerified");
      case "emailNotVerified":
        return t("security:verifyFirst.refused");
      case "ceremony":
        switch (failure.reason) {
          case "cancelled":
            return t("security:passkeys.cancelled");
          case "alreadyRegistered":
            return t("security:passkeys.alreadyRegistered");
          case "unsupported":
            return t("security:passkeys.unsupportedNow");
          default:
            return t("security:passkeys.notVerified");
        }
      default:
        return t("security:factors.failed");
    }
  };
}

/** A refusal above a panel's or a dialog's controls, announced at once; keyed by the caller per attempt. */
export function FactorFailureNotice({ text }: { text: string }) {
  return <Notice type="error" role="alert" className="security-alert" title={text} />;
}
