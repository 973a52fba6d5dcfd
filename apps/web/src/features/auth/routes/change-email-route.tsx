import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { isIdentityNotConfirmed, useConfirmIdentity } from "@/components/confirm-identity";
import { Notice } from "@/components/notice";
import { OutcomePage } from "@/components/outcome-page";
import { useChangeEmail } from "@/features/auth/api/change-email";
import { useProviderSignIn } from "@/features/auth/components/provider-buttons";
import { signOutOfFirebase } from "@/features/auth/lib/firebase-sign-in";
import { getChangeEmailFailure } from "@/features/auth/lib/sso-errors";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";

const PROFILE_PATH = "/profile";

/**
 * product §2/§4 Change email: the user signs in with the new Google or Microsoft account, whose
 * verified email becomes the account's. 200 shows the success view; 401 goes to /login.
 */
export function ChangeEmailRoute() {
  const { t } = useTranslation("sso");
  useDocumentTitle(t("changeEmail.pageTitle"));
  const { productName, supportEmail } = useClientConfig();
  const { profile } = useAppState();
  // Moving the account to another address needs a recent proof of identity (issue 42): asked, then sent again.
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  const changeEmailMutation = useChangeEmail({ confirmIdentityThen });
  const navigate = useNavigate();
  const { unavailableReason, failureAlert, providerButtons } = useProviderSignIn({
    continueWith: async (identity, config) => {
      await changeEmailMutation.mutateAsync(identity);
      signOutOfFirebase(config).catch(() => {});
    },
    toFailure: (error) => {
      // The person closed the confirm-identity dialog: nothing changed, and there is nothing to report.
      if (isIdentityNotConfirmed(error)) return null;
      const key = getChangeEmailFailure(error);
      if (key !== "notLoggedIn") return key;
      void navigate("/login");
      return null;
    },
  });

  if (changeEmailMutation.isSuccess) {
    return (
      <OutcomePage
        status="success"
        title={t("changeEmail.successTitle")}
        text={t("changeEmail.successNote")}
        extra={<Link to={PROFILE_PATH}>{t("changeEmail.settingsLink")}</Link>}
      />
    );
  }

  return (
    <section className="change-email-card" aria-labelledby="change-email-title">
      <h1 id="change-email-title" className="change-email-title">
        {t("changeEmail.title")}
      </h1>
      <p>{t("changeEmail.intro", { productName })}</p>
      {profile && <p>{t("changeEmail.currentEmail", { email: profile.email })}</p>}
      {failureAlert}
      {unavailableReason === "notConfigured" ? (
        // Not a dead end: without a provider the address is changed by support, and the page says how.
        <Notice
          type="info"
          role="status"
          title={t("changeEmail.notConfigured")}
          description={
            <Trans
              t={t}
              i18nKey="changeEmail.notConfiguredNextStep"
              values={{ supportEmail }}
              components={{ email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> }}
            />
          }
        />
      ) : (
        providerButtons
      )}
      {dialog}
    </section>
  );
}
