import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LinkButton } from "@/components/link-button";
import { OutcomePage } from "@/components/outcome-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAppState } from "@/lib/app-state";
import { useCancelDeletion } from "../api/cancel-deletion";
import { usePrivacyFailureText } from "../components/privacy-failure";
import { getPrivacyFailure } from "../lib/privacy-errors";
import "../components/privacy.css";
import { LinkChecking } from "@/components/link-checking";
import { useSendOnce } from "@/hooks/use-send-once";

/**
 * /account/deletion/cancel?token=…, the emailed link: cancels the account's deletion as the page opens, signed
 * in or not, and signs nothing in. Then Log in (or Go to Home for a signed-in visitor).
 */
export function CancelDeletionRoute() {
  const { t } = useTranslation("privacy");
  useDocumentTitle(t("cancel.pageTitle"));
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const { isLoggedIn, isProfilePending } = useAppState();
  const cancelMutation = useCancelDeletion();
  useSendOnce(token, cancelMutation.mutate);

  const destination = (
    <LinkButton type="primary" size="large" to={isLoggedIn ? "/" : "/login"}>
      {t(isLoggedIn ? "cancel.goHome" : "cancel.login")}
    </LinkButton>
  );

  // A link without its token cannot cancel anything: said at once, without asking the server.
  if (!token) return <CancelFailure failure={{ key: "nothingToCancel" }} destination={destination} />;

  if (cancelMutation.isIdle || cancelMutation.isPending || isProfilePending) {
    return <LinkChecking text={t("cancel.checking")} />;
  }

  if (cancelMutation.isSuccess) {
    return (
      <OutcomePage
        status="success"
        title={t("cancel.successTitle")}
        text={t(isLoggedIn ? "cancel.successLoggedIn" : "cancel.successLoggedOut")}
        extra={destination}
      />
    );
  }

  return <CancelFailure failure={getPrivacyFailure(cancelMutation.error, "cancel")} destination={destination} />;
}

function CancelFailure({
  failure,
  destination,
}: {
  failure: ReturnType<typeof getPrivacyFailure>;
  destination: React.ReactNode;
}) {
  const { t } = useTranslation("privacy");
  const message = usePrivacyFailureText(failure);
  return (
    <OutcomePage status="error" title={t("cancel.failureTitle")} text={message} role="alert" extra={destination} />
  );
}
