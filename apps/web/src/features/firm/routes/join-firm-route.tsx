import "../components/firm.css";
import { CheckCircleFilled, CloseCircleFilled, TeamOutlined } from "@ant-design/icons";
import type { FirmInvitationPreview } from "@precis/contract/firms";
import { Button } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { BusyButton } from "@/components/busy-button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { isIdentityNotConfirmed, useConfirmIdentity } from "@/components/confirm-identity";
import { LinkButton } from "@/components/link-button";
import { PageLoader } from "@/components/page-loader";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiRequestError } from "@/lib/api-client";
import { useAppState } from "@/lib/app-state";
import { forgetPendingFirmJoin, rememberPendingFirmJoin } from "@/lib/pending-firm-join";
import { useSessionActions } from "@/lib/session-actions";
import { useAcceptInvitation } from "../api/accept-invitation";
import { useDeclineInvitation } from "../api/decline-invitation";
import { useInvitationPreview } from "../api/preview-invitation";
import { useFirmFailureText } from "../components/firm-failure";
import { PersonalPlanCovered } from "../components/personal-plan-covered";
import { type FirmFailureKey, getFirmFailure } from "../lib/firm-errors";

/** The token the server puts in the link: 256 random bits, base64url (contract's acceptInvitationRequestSchema). */
const TOKEN_PATTERN = /^[\w-]{20,100}$/;

/**
 * Issue 44's `/firm/join?token=…`, the emailed invitation's link. It first names the firm, the inviter and the role
 * (issue 56), signed in or out, so nobody joins what they have not checked, and offers to decline. Signed in: "Join",
 * and each refusal with what to do next. Signed out: log in or register with the invited address; the token waits
 * in this browser, and Home brings the person back here once signed in and verified (lib/pending-firm-join.ts).
 */
export function JoinFirmRoute() {
  const { t } = useTranslation("firm");
  useDocumentTitle(t("join.pageTitle"));
  const [searchParams] = useSearchParams();
  const { isLoggedIn, isProfilePending, profile } = useAppState();
  const token = searchParams.get("token") ?? "";
  const isTokenWellFormed = TOKEN_PATTERN.test(token);
  const previewQuery = useInvitationPreview(token, isTokenWellFormed && !isProfilePending);
  const declineMutation = useDeclineInvitation();
  const failureText = useFirmFailureText();

  useEffect(() => {
    if (isProfilePending || !isTokenWellFormed) return;
    // Signed out, the token waits for the login or the registration; signed in, this visit is the return.
    if (isLoggedIn) forgetPendingFirmJoin();
    else rememberPendingFirmJoin(token);
  }, [isLoggedIn, isProfilePending, isTokenWellFormed, token]);

  if (!isTokenWellFormed) return <HomeBound icon="error" title={t("join.badLinkTitle")} text={t("join.badLinkText")} />;
  if (isProfilePending || previewQuery.isPending) return <PageLoader />;
  const preview = previewQuery.data;
  if (declineMutation.isSuccess && preview) {
    return (
      <HomeBound
        icon="success"
        title={t("join.declinedTitle")}
        text={t("join.declinedText", { firm: preview.firmName })}
        isFocused
      />
    );
  }
  if (!preview) {
    // Unknown, expired, used, declined or withdrawn: the server tells none apart, and neither does this screen.
    if (isApiRequestError(previewQuery.error) && previewQuery.error.status === 404) {
      return <HomeBound icon="error" title={t("join.goneTitle")} text={t("join.goneText")} />;
    }
    // Too many tries, or no answer: the invitation may well be open, so the screen says what happened instead.
    return (
      <JoinCard icon="error" title={t("join.pageTitle")} text={failureText(previewQuery.error)}>
        <BusyButton type="primary" size="large" isBusy={previewQuery.isFetching} onClick={() => previewQuery.refetch()}>
          {t("join.tryAgain")}
        </BusyButton>
      </JoinCard>
    );
  }
  const decline = (
    <DeclineInvitation
      preview={preview}
      isBusy={declineMutation.isPending}
      failure={declineMutation.error}
      onDecline={() => {
        if (declineMutation.isPending) return;
        forgetPendingFirmJoin();
        declineMutation.mutate(token);
      }}
    />
  );
  if (!isLoggedIn || !profile) {
    return (
      <JoinCard
        icon="firm"
        title={t("join.titleNamed", { firm: preview.firmName })}
        text={invitedText(preview, t)}
        lead={<p className="firm-intro">{t("join.signedOutText")}</p>}
        after={<p className="firm-note firm-join-note">{t("join.signedOutNote")}</p>}
      >
        <LinkButton type="primary" size="large" to="/login">
          {t("join.logIn")}
        </LinkButton>
        <LinkButton size="large" to="/register">
          {t("join.register")}
        </LinkButton>
        {decline}
      </JoinCard>
    );
  }
  return <SignedInJoin token={token} email={profile.email} preview={preview} decline={decline} />;
}

type FirmT = ReturnType<typeof useTranslation<"firm">>["t"];

/** "Anne Tremblay invited you to join Lovelace Law as a member.": the invitation, checked before anyone joins. */
const invitedText = (preview: FirmInvitationPreview, t: FirmT) => {
  const role = t(`join.roleInSentence.${preview.role}`);
  return preview.inviterName
    ? t("join.invitedBy", { inviter: preview.inviterName, firm: preview.firmName, role })
    : t("join.invitedByNobody", { firm: preview.firmName, role });
};

/** "Decline", asked once more: the link stops working and the inviter is emailed. */
function DeclineInvitation({
  preview,
  isBusy,
  failure,
  onDecline,
}: {
  preview: FirmInvitationPreview;
  isBusy: boolean;
  failure: unknown;
  onDecline: () => void;
}) {
  const { t } = useTranslation("firm");
  const failureText = useFirmFailureText();
  const [isAsking, setIsAsking] = useState(false);
  return (
    <>
      <BusyButton size="large" danger isBusy={isBusy} onClick={() => setIsAsking(true)}>
        {t("join.decline")}
      </BusyButton>
      {failure ? (
        <p className="firm-note firm-join-next" role="alert">
          {failureText(failure)}
        </p>
      ) : null}
      <ConfirmDialog
        open={isAsking}
        title={t("join.declineTitle", { firm: preview.firmName })}
        description={t("join.declineDescription")}
        confirmLabel={t("join.decline")}
        cancelLabel={t("cancel")}
        isDanger
        onConfirm={() => {
          setIsAsking(false);
          onDecline();
        }}
        onCancel={() => setIsAsking(false)}
      />
    </>
  );
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

function SignedInJoin({
  token,
  email,
  preview,
  decline,
}: {
  token: string;
  email: string;
  preview: FirmInvitationPreview;
  decline: React.ReactNode;
}) {
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
    <JoinCard
      icon="firm"
      title={t("join.titleNamed", { firm: preview.firmName })}
      text={invitedText(preview, t)}
      headingRef={headingRef}
      lead={<p className="firm-intro">{t("join.signedInText", { email })}</p>}
      after={dialog}
    >
      <BusyButton type="primary" size="large" isBusy={acceptMutation.isPending} onClick={join}>
        {t("join.join")}
      </BusyButton>
      {decline}
    </JoinCard>
  );
}

/** A screen that leads only Home: a broken link, an invitation no longer open, a decline done. */
function HomeBound(card: { icon: keyof typeof icons; title: string; text: string; isFocused?: boolean }) {
  const { t } = useTranslation("firm");
  return (
    <JoinCard {...card}>
      <LinkButton type="primary" size="large" to="/">
        {t("join.goHome")}
      </LinkButton>
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
  isFocused = false,
  lead,
  after,
  children,
}: {
  icon: keyof typeof icons;
  title: string;
  text: string;
  headingRef?: React.RefObject<HTMLHeadingElement | null>;
  /** The screen replaced the one before it (a decline done): focus starts at its heading. */
  isFocused?: boolean;
  /** Said after the text, before the buttons. */
  lead?: React.ReactNode;
  /** After the buttons: a note, a dialog. */
  after?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { Icon, tone } = icons[icon];
  const ownHeadingRef = useRef<HTMLHeadingElement>(null);
  const heading = headingRef ?? ownHeadingRef;
  useEffect(() => {
    if (isFocused) heading.current?.focus();
  }, [isFocused, heading]);
  return (
    <section className="firm-page firm-join" aria-labelledby="firm-join-title">
      <div className="firm-card firm-join-card">
        <Icon aria-hidden="true" className={`firm-join-icon icon-tone-${tone}`} />
        <h1 id="firm-join-title" ref={heading} tabIndex={-1} className="firm-title focus-target">
          {title}
        </h1>
        <p className="firm-intro">{text}</p>
        {lead}
        <div className="action-row panel-actions firm-join-actions">{children}</div>
        {after}
      </div>
    </section>
  );
}
