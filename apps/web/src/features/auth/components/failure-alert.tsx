import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";
import { getCurrentLanguage } from "@/i18n";
import type { Failure } from "@/lib/account-errors";
import { useClientConfig } from "@/lib/client-config";
import { formatDuration, toWaitMinutes } from "@/lib/format-duration";

/** A failed call's message, announced at once (role="alert"). */
export function FailureAlert({ failure }: { failure: Failure }) {
  const { t } = useTranslation("auth");
  const { productName } = useClientConfig();
  let text: string;
  if (failure.message === "firmPolicy" && failure.firmPolicy) {
    // The server's refusal in the reader's language: the firm, the methods it allows, whom to ask.
    const { firmName, allowedMethods, adminEmails } = failure.firmPolicy;
    text = t("errors.firmPolicy", {
      firm: firmName,
      methods: allowedMethods.map((method) => t(`firmPolicy.${method}`)).join(t("firmPolicy.or")),
      admins: adminEmails.join(t("firmPolicy.separator")),
    });
  } else if (failure.message !== "tooManyAttempts") {
    // (Only the unknown passkey's text names the product.)
    text = t(`errors.${failure.message}`, { productName });
  } else if (failure.retryAfterSeconds == null) {
    text = t("errors.tooManyAttemptsNoDelay");
  } else {
    const duration = formatDuration(toWaitMinutes(failure.retryAfterSeconds), "minute", getCurrentLanguage());
    text = t("errors.tooManyAttempts", { duration });
  }
  return <Notice type="error" role="alert" className="auth-alert" title={text} />;
}
