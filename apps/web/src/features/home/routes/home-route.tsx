import { CheckCircleFilled } from "@ant-design/icons";
import { getGreetingName } from "@precis/contract/account-texts";
import { Flex, Typography } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { StudentAccessNotice, UnverifiedAccessNotice } from "@/components/access-notices";
import { LinkButton } from "@/components/link-button";
import { PageLoader } from "@/components/page-loader";
import { SmartLink } from "@/components/smart-link";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";
import { mayNeedAccessNotice, useEntitlement } from "@/lib/entitlement";
import { readPendingFirmJoinPath } from "@/lib/pending-firm-join";
import { whenIdle } from "@/lib/when-idle";
import { FirmEndedNotice } from "../components/firm-ended-notice";
import { FirmPolicyNotice } from "../components/firm-policy-notice";
import { FirmSuggestionCard } from "../components/firm-suggestion-card";
import { TrialUsedNotice } from "../components/trial-used-notice";

// A firm member's notice (its Leave dialog, the firm schemas) loads only for the members it shows to.
const FirmMembershipNotice = lazy(() =>
  import("../components/firm-membership-notice").then((module) => ({ default: module.FirmMembershipNotice })),
);

/** product §2 Home: greeting, session note, the three next steps and the marketing-site link. */
export function HomeRoute() {
  const { t } = useTranslation(["home", "common"]);
  const { productName, links } = useClientConfig();
  const { profile } = useAppState();
  useDocumentTitle(t("pageTitle"));
  const name = profile ? getGreetingName(profile) : "";
  // An account whose access may need explaining above the actions asks at once, and the page waits for it
  // (below). Every other one asks once the page is idle: one with no access because its address already had the
  // trial is told so under the actions (issue 43), without the request (and zod, its check) in the first load.
  const needsAccess = mayNeedAccessNotice(profile);
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => whenIdle(() => setIsIdle(true)), []);
  const { data: entitlement, isPending: isAccessPending } = useEntitlement({
    enabled: profile !== null && (needsAccess || isIdle),
  });

  // The shell renders this page only for a logged-in user; this keeps the types honest.
  if (!profile) return null;
  // A firm's invitation opened signed out: login and the verified address both lead here, and on to the join screen
  // (an unproven address could not join yet).
  const pendingFirmJoin = profile.emailVerified ? readPendingFirmJoinPath() : null;
  if (pendingFirmJoin) return <Navigate to={pendingFirmJoin} replace />;
  // The access notice sits above the actions: arriving after them, it pushed them down under the reader's
  // finger (a layout shift of 0.27 in Lighthouse). main.tsx asks for it at start, so this wait is short.
  if (needsAccess && isAccessPending) return <PageLoader />;
  // A rule of the person's firm not met yet (issue 44) holds Home until it is: the extension refuses their memos
  // meanwhile, so the way to comply replaces the ways to go on. Told once the access arrives: the profile does not
  // say who is in a firm, and asking every account before drawing Home would slow everyone's first screen.
  if (!profile.deletionScheduledFor && entitlement?.access === "policy" && entitlement.policyReason) {
    return <FirmPolicyNotice reason={entitlement.policyReason} firmName={entitlement.firm?.name ?? null} />;
  }

  const caseLawSite = t("common:caseLawSiteName");

  return (
    // A plain section, not antd Card: Card pulls in Tabs, about 20 kB gzip for nothing.
    <section className="home-card">
      <Typography.Title level={1} className="home-title">
        {t("welcome", { name })}
      </Typography.Title>
      <Typography.Paragraph className="session-note">
        <CheckCircleFilled aria-hidden="true" className="session-icon" />
        <span>{t("sessionActive")}</span>
      </Typography.Paragraph>
      {/* A pending deletion's banner is the one thing such an account is asked: no access notices under it. */}
      {!profile.deletionScheduledFor && entitlement?.access === "unverified" && <UnverifiedAccessNotice />}
      {!profile.deletionScheduledFor && entitlement?.needsAcademicEmail && <StudentAccessNotice />}
      <Typography.Paragraph>{t("intro", { caseLawSite })}</Typography.Paragraph>
      <Flex wrap gap="middle" className="home-actions">
        <LinkButton type="primary" size="large" to={links.caseLawSite}>
          {t("continueToCaseLaw", { caseLawSite })}
        </LinkButton>
        <LinkButton size="large" to={links.pdfTool}>
          {t("pdfChat")}
        </LinkButton>
        <LinkButton size="large" to={links.documentation}>
          {t("documentation")}
        </LinkButton>
      </Flex>
      <Typography.Paragraph className="home-product-link">
        <SmartLink href={links.productSite}>{t("productSite", { productName })}</SmartLink>
      </Typography.Paragraph>
      {/* Last in the card: it arrives after the page is drawn, and nothing under it can be pushed down. */}
      {!profile.deletionScheduledFor && entitlement?.trialUsedByAddress && <TrialUsedNotice />}
      {!profile.deletionScheduledFor && entitlement?.firmEnded && (
        <FirmEndedNotice firmName={entitlement.firmEnded.name} />
      )}
      {!profile.deletionScheduledFor && entitlement?.firm && !entitlement.firmEnded && (
        <Suspense fallback={null}>
          <FirmMembershipNotice
            firmName={entitlement.firm.name}
            seat={entitlement.access === "firm" ? "held" : entitlement.firmUnseated ? "none" : "unlimited"}
          />
        </Suspense>
      )}
      {/* Only a verified address can join by its domain; asked once idle, like the access above. */}
      {!profile.deletionScheduledFor && profile.emailVerified && <FirmSuggestionCard enabled={isIdle} />}
    </section>
  );
}
