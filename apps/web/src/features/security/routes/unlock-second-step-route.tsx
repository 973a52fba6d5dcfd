import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LinkButton } from "@/components/link-button";
import { LinkTokenButton } from "@/components/link-token-button";
import { OutcomePage } from "@/components/outcome-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAppState } from "@/lib/app-state";
import { useUnlockSecondStep } from "../api/unlock-second-step";
import { FactorFailureNotice, useFactorFailureText } from "../components/factor-failure";
import { getFactorFailure } from "../lib/factor-errors";

/**
 * /two-step/unlock?token=…, the link emailed when too many wrong codes in a row locked the second step (decision
 * 042). It unlocks on a press of the button, never as the page opens: a mail scanner that opens every link would
 * otherwise hand whoever is guessing a new run of tries. Signed in or not; it signs nothing in.
 */
export function UnlockSecondStepRoute() {
  const { t } = useTranslation("security");
  useDocumentTitle(t("unlock.pageTitle"));
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const { isLoggedIn } = useAppState();
  const unlockMutation = useUnlockSecondStep();
  const failureText = useFactorFailureText();

  const destination = (
    <LinkButton key="destination" size="large" to={isLoggedIn ? "/" : "/login"}>
      {t(isLoggedIn ? "unlock.goHome" : "unlock.login")}
    </LinkButton>
  );

  if (unlockMutation.isSuccess) {
    return (
      <OutcomePage
        status="success"
        title={t("unlock.successTitle")}
        text={t("unlock.successText")}
        role="status"
        extra={destination}
      />
    );
  }

  const failure = unlockMutation.isError ? getFactorFailure(unlockMutation.error) : null;
  // A link without its token, or one the server does not know (used, expired): the way out is a reset by email.
  if (!token || failure?.kind === "notFound") {
    return (
      <OutcomePage
        status="error"
        title={t("unlock.failureTitle")}
        text={t("unlock.invalidLink")}
        role="alert"
        extra={[
          <LinkButton key="password" type="primary" size="large" to="/login/find-user">
            {t("unlock.setPassword")}
          </LinkButton>,
          destination,
        ]}
      />
    );
  }

  return (
    <OutcomePage
      status="warning"
      title={t("unlock.heading")}
      text={t("unlock.intro")}
      extra={[
        failure && <FactorFailureNotice key={`failure-${unlockMutation.submittedAt}`} text={failureText(failure)} />,
        <LinkTokenButton key="unlock" mutation={unlockMutation} token={token}>
          {t("unlock.action")}
        </LinkTokenButton>,
      ]}
    />
  );
}
