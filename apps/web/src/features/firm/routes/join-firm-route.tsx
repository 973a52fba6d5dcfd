import "../components/firm.css";
import { CheckCircleFilled, CloseCircleFilled, TeamOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { BusyButton } from "@/components/busy-button";
import { isIdentityNotConfirmed, useConfirmIdentity } from "@/components/confirm-identity";
import { LinkButton } from "@/components/link-button";
import { PageLoader } from "@/components/page-loader";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAppState } from "@/lib/app-state";
import { forgetPendingFirmJoin, rememberPendingFirmJoin } from "@/lib/pending-firm-join";
import { useSessionActions } from "@/lib/session-actions";
import { useAcceptInvitation } from "../api/accept-invitation";
import { useFirmFailureText } from "../components/firm-failure";
import { PersonalPlanCovered } from "../components/personal-plan-covered";
import { type FirmFailureKey, getFirmFailure } from "../lib/firm-errors";

/** The token the server puts in the link: 256 random bits, base64url (contract's acceptInvitationRequestSchema). */
const TOKEN_PATTERN = /^[\w-]{20,100}$/;

/**
 * Issue 44's `/firm/join?token=…`, the emailed invitation's link. Signed in: "Join", and each refusal with what to do
 * next. Signed out: log in or register with the invited address; the token waits in this browser, and Home brings
 * the person back here once signed in and verified (lib/pending-firm-join.ts).
 */
export function JoinFirmRoute() {
  const { t } = useTranslation("firm");
  useDocumentTitle(t("join.pageTitle"));
  const [searchParams] = useSearchParams();
  const { isLoggedIn, isProfilePending, profile } = useAppState();
  const token = searchParams.get("token") ?? "";
  const isTokenWellFormed = TOKEN_PATTERN.test(token);

  useEffect(() => {
    if (isProfilePending || !isTokenWellFormed) return;
    // Signed out, the token waits for the login or the registration; signed in, this visit is the return.
    if (isLoggedIn) forgetPendingFirmJoin();
    else rememberPendingFirmJoin(token);
  }, [isLoggedIn, isProfilePending, isTokenWellFormed, token]);

  if (isProfilePending) return <PageLoader />;
  if (!isTokenWellFormed) {
    return (
      <JoinCard icon="error" title={t("join.badLinkTitle")} text={t("join.badLinkText")}>
        <LinkButton type="primary" size="large" to="/">
          {t("join.goHome")}
        </LinkButton>
      </JoinCard>
    );
  }
  if (!isLoggedIn || !profile) {
    return (
      <JoinCard icon="firm" title={t("join.title")} text={t("join.signedOutText")}>
        <LinkButton type="primary" size="large" to="/login">
          {t("join.logIn")}
        </LinkButton>
        <LinkButton size="large" to="/register">
          {t("join.register")}
        </LinkButton>
        <p className="firm-note firm-join-note">{t("join.signedOutNote")}</p>
      </JoinCard>
    );
  }
  return <SignedInJoin token={token} email={profile.email} />;
}

/** What to do after each refusal: a key of the catalogue's `join.next`, and where its button leads. */
const nextSteps: Partial<Record<FirmFailureKey, { text: string; to?: string; action?: string; logOut?: boolean }>> = {
  invitationWrongAccount: { text: "join.next.wrongAccount", action: "join.logOutAction", logOut: true },
  invitationExpired: { text: "join.next.expired", to: "/", action: "join.goHome" },
  invitationNotValid: { text: "join.next.notValid", to: "/", action: "join.goHome" },
  alreadyInFirm: { text: "join.next.alreadyInFirm", to: "/firm", action: "join.goToFirm" },
  alreadyMemberOfThisFirm: { text: "join.next.alreadyMember", to: "/firm", action: "join.goToFirm" },
  emailNotVerified: { text: "join.next.verify", to: "/verify-email", action: "join.verifyAction" },
};

function SignedInJoin({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation("firm");
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  const acceptMutation = useAcceptInvitation({ confirmIdentityThen });
  const failureText = useFirmFailureText();
  const { logOut, isLoggingOut } = useSessionActions();
  const [refusal, setRefusal] = useState<{ text: string; key: FirmFailureKey } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const join = () => {
    if (acceptMutation.isPending) return;
    setRefusal(null);
    acceptMutation.mutate(token, {
      onError: (error) => {
        if (isIdentityNotConfirmed(error)) return;
        const { key } = getFirmFailure(error);
        // Not verified yet: the link waits, and Home brings the person back once their address is proven.
        if (key === "emailNotVerified") rememberPendingFirmJoin(token);
        setRefusal({ text: failureText(error), key });
      },
    });
  };

  // The screen's heading changes with the answer: focus moves there, so a screen reader starts from it.
  const outcome = acceptMutation.isSuccess ? "joined" : refusal ? "refused" : "asking";
  useEffect(() => {
    if (outcome !== "asking") headingRef.current?.focus();
  }, [outcome]);

  if (acceptMutation.isSuccess) {
    const firmName = acceptMutation.data.firm?.name ?? "";
    return (
      <JoinCard
        icon="success"
        title={t("join.joinedTitle", { name: firmName })}
        text={t("join.joinedText")}
        headingRef={headingRef}
      >
        {acceptMutation.data.personalPlanCovered && <PersonalPlanCovered />}
        <LinkButton type="primary" size="large" to="/firm">
          {t("join.goToFirm")}
        </LinkButton>
      </JoinCard>
    );
  }

  if (refusal) {
    const next = nextSteps[refusal.key];
    return (
      <JoinCard icon="error" title={t("join.refusedTitle")} text={refusal.text} headingRef={headingRef}>
        {next && <p className="firm-join-next">{t(next.text as "join.next.expired")}</p>}
        {next?.logOut ? (
          <BusyButton
            type="primary"
            size="large"
            isBusy={isLoggingOut}
            onClick={() => {
              if (isLoggingOut) return;
              // The link waits for the invited account's sign-in in this browser.
              rememberPendingFirmJoin(token);
              logOut();
            }}
          >
            {t("join.logOutAction")}
          </BusyButton>
        ) : next?.to ? (
          <LinkButton type="primary" size="large" to={next.to}>
            {t(next.action as "join.goHome")}
          </LinkButton>
        ) : (
          <Button type="primary" size="large" onClick={join}>
            {t("join.tryAgain")}
          </Button>
        )}
      </JoinCard>
    );
  }

  return (
    <JoinCard icon="firm" title={t("join.title")} text={t("join.signedInText", { email })} headingRef={headingRef}>
      <BusyButton type="primary" size="large" isBusy={acceptMutation.isPending} onClick={join}>
        {t("join.join")}
      </BusyButton>
      <LinkButton size="large" to="/">
        {t("join.notNow")}
      </LinkButton>
      {dialog}
    </JoinCard>
  );
}

/** Each state's icon and its colour (global.css's icon tones). */
const icons = {
  firm: { Icon: TeamOutlined, tone: "info" },
  success: { Icon: CheckCircleFilled, tone: "success" },
  error: { Icon: CloseCircleFilled, tone: "error" },
} as const;

function JoinCard({
  icon,
  title,
  text,
  headingRef,
  children,
}: {
  icon: keyof typeof icons;
  title: string;
  text: string;
  headingRef?: React.RefObject<HTMLHeadingElement | null>;
  children: React.ReactNode;
}) {
  const { Icon, tone } = icons[icon];
  return (
    <section className="firm-page firm-join" aria-labelledby="firm-join-title">
      <div className="firm-card firm-join-card">
        <Icon aria-hidden="true" className={`firm-join-icon icon-tone-${tone}`} />
        <h1 id="firm-join-title" ref={headingRef} tabIndex={-1} className="firm-title focus-target">
          {title}
        </h1>
        <p className="firm-intro">{text}</p>
        <div className="action-row panel-actions firm-join-actions">{children}</div>
      </div>
    </section>
  );
}
