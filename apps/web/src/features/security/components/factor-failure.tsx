import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";
import { useTooManyAttemptsText } from "@/components/too-many-attempts";
import type { FactorFailure } from "../lib/factor-errors";

/**
 * The words for a refusal the panels show above their controls; the field errors (a wrong code, a wrong
 * password) and the call-specific conflicts are worded by the panel that knows the call.
 */
export function useFactorFailureText() {
  const { t } = useTranslation(["security", "auth"]);
  const tooManyAttemptsText = useTooManyAttemptsText();
  return (failure: FactorFailure): string => {
    switch (failure.kind) {
      case "tooManyAttempts":
        return tooManyAttemptsText(failure.retryAfterSeconds);
      case "loggedOut":
        return t("factors.loggedOut");
      case "network":
        return t("factors.failedNetwork");
      case "passkeyNotVerified":
        return t("passkeys.notVerified");
      case "emailNotVerified":
        return t("verifyFirst.refused");
      case "secondStepLocked":
        return t("auth:errors.secondStepLocked");
      case "ceremony":
        switch (failure.reason) {
          case "cancelled":
            return t("passkeys.cancelled");
          case "alreadyRegistered":
            return t("passkeys.alreadyRegistered");
          case "unsupported":
            return t("passkeys.unsupportedNow");
          default:
            return t("passkeys.notVerified");
        }
      default:
        return t("factors.failed");
    }
  };
}

/** A refusal above a panel's or a dialog's controls, announced at once; keyed by the caller per attempt. */
export function FactorFailureNotice({ text }: { text: string }) {
  return <Notice type="error" role="alert" className="security-alert" title={text} />;
}
