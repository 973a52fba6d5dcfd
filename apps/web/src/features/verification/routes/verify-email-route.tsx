import type { Profile } from "@precis/contract/profile";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { useConfirmIdentity } from "@/components/confirm-identity";
import { LinkButton } from "@/components/link-button";
import { NotLoggedInResult } from "@/components/not-logged-in-result";
import { Notice } from "@/components/notice";
import { OutcomePage } from "@/components/outcome-page";
import { PageLoader } from "@/components/page-loader";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAppState } from "@/lib/app-state";
import { useResendVerification } from "../api/resend-verification";
import { type ConfirmIdentityThen, useVerifyEmail } from "../api/verify-email";
import { ResendButton, ResendStatus } from "../components/resend-code";
import { SCHOOL_SECTION_ID, SchoolEmailSection } from "../components/school-email-section";
import { useVerificationFailureText } from "../components/verification-failure-alert";
import { VerifyCodeForm } from "../components/verify-code-form";
import { getVerifyFailure } from "../lib/verification-errors";
import "../components/verification.css";
import { LinkChecking } from "@/components/link-checking";

/**
 * /verify-email. From the emailed link (`?token=…`, a long random token, never the short code: issue 53) it
 * checks the link at once, signed in or not, and signs nothing in. Otherwise, signed in, the code can be typed here, and a school address proven for
 * student access (#school).
 */
export function VerifyEmailRoute() {
  const { t } = useTranslation("verification");
  useDocumentTitle(t("pageTitle"));
  const [searchParams] = useSearchParams();
  const { profile, isProfilePending } = useAppState();
  const token = searchParams.get("token");

  if (token) return <EmailedLinkCheck token={token} />;
  if (isProfilePending) return <PageLoader />;
  if (!profile) return <NotLoggedInResult />;
  return <VerifyEmailPage profile={profile} />;
}

/** The emailed link: its token is checked once, as the page opens, and the outcome says what to do next. */
function EmailedLinkCheck({ token }: { token: string }) {
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  return (
    <>
      <EmailedLinkOutcome token={token} confirmIdentityThen={confirmIdentityThen} />
      {dialog}
    </>
  );
}

/**
 * The link's check and its outcome. A link that moves the account to a new address works only in the browser
 * that asked, with a recent proof of identity (issue 42): the confirm-identity dialog asks, then it checks again.
 */
function EmailedLinkOutcome({
  token,
  confirmIdentityThen,
}: {
  token: string;
  confirmIdentityThen: ConfirmIdentityThen;
}) {
  const { t } = useTranslation(["verification", "auth"]);
  const { isLoggedIn, isProfilePending } = useAppState();
  const verifyMutation = useVerifyEmail({ confirmIdentityThen });
  const { mutate } = verifyMutation;
  // A link is single-use: StrictMode's second run of the effect, or a re-render, must not send it again.
  const hasSent = useRef(false);
  useEffect(() => {
    if (hasSent.current) return;
    hasSent.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (verifyMutation.isIdle || verifyMutation.isPending || isProfilePending) {
    return <LinkChecking text={t("link.verifying")} />;
  }

  if (verifyMutation.isSuccess) {
    const loginPath = `/login?${new URLSearchParams({ email: verifyMutation.data.email })}`;
    return (
      <OutcomePage
        status="success"
        title={t("link.successTitle")}
        text={isLoggedIn ? undefined : t("link.successLoggedOut")}
        extra={
          <LinkButton type="primary" size="large" to={isLoggedIn ? "/" : loginPath}>
            {t(isLoggedIn ? "link.goHome" : "link.login")}
          </LinkButton>
        }
      />
    );
  }

  return <EmailedLinkFailure error={verifyMutation.error} isLoggedIn={isLoggedIn} />;
}

function EmailedLinkFailure({ error, isLoggedIn }: { error: unknown; isLoggedIn: boolean }) {
  const { t } = useTranslation("verification");
  const message = useVerificationFailureText(getVerifyFailure(error));
  return (
    <OutcomePage
      status="error"
      title={t("link.failureTitle")}
      text={
        <>
          <span role="alert">{message}</span>
          {/* A new code is sent to a signed-in account only. */}
          {!isLoggedIn && <span className="verification-result-hint">{t("link.failureLoggedOut")}</span>}
        </>
      }
      extra={
        // Signed in, the page without the link's code offers a new one; otherwise log in first.
        <LinkButton type="primary" size="large" to={isLoggedIn ? "/verify-email" : "/login"}>
          {t(isLoggedIn ? "link.requestNewCode" : "link.login")}
        </LinkButton>
      }
    />
  );
}

/** Signed in, without a code in the address: the code of the account's own address, and the school section. */
function VerifyEmailPage({ profile }: { profile: Profile }) {
  const { t } = useTranslation("verification");
  const resendMutation = useResendVerification();
  const { hash } = useLocation();

  // The section arrives after the router's own scroll to #school (this page loads lazily): scroll there now.
  useEffect(() => {
    if (hash === `#${SCHOOL_SECTION_ID}`) document.getElementById(SCHOOL_SECTION_ID)?.scrollIntoView();
  }, [hash]);

  return (
    <div className="verification-page">
      <section className="verification-card" aria-labelledby="verify-email-title">
        <h1 id="verify-email-title" className="verification-card-title verification-page-title">
          {t("page.title")}
        </h1>
        {profile.emailVerified ? (
          <Notice type="success" role="status" title={t("page.alreadyVerified", { email: profile.email })} />
        ) : (
          <>
            <p>{t("page.intro", { email: profile.email })}</p>
            <VerifyCodeForm
              name="verify-code-page"
              secondaryAction={<ResendButton mutation={resendMutation} size="large" />}
            />
            <ResendStatus mutation={resendMutation} />
            <p className="verification-hint">{t("page.noEmail")}</p>
          </>
        )}
      </section>
      <SchoolEmailSection />
    </div>
  );
}
