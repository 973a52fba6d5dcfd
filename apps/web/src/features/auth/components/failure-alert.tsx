import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Notice } from "@/components/notice";
import { getCurrentLanguage } from "@/i18n";
import type { Failure } from "@/lib/account-errors";
import { useClientConfig } from "@/lib/client-config";
import { formatDuration, toWaitMinutes } from "@/lib/format-duration";

/**
 * A failed call's message, announced at once (role="alert"). A firm's refusal also offers the way out that needs
 * no sign-in: leaving the firm by an emailed link (decision 043), for `email` when the form has one.
 */
export function FailureAlert({ failure, email }: { failure: Failure; email?: string }) {
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
  const leaveByEmail =
    failure.message === "firmPolicy" ? (
      <Link to={email ? `/firm/leave?email=${encodeURIComponent(email)}` : "/firm/leave"}>
        {t("firmPolicy.leaveByEmail")}
      </Link>
    ) : undefined;
  return <Notice type="error" role="alert" className="auth-alert" title={text} description={leaveByEmail} />;
}
