import { CheckOutlined, LoginOutlined } from "@ant-design/icons";
import { formatAccessEndDate } from "@precis/contract/account-texts";
import type { Entitlement } from "@precis/contract/subscription";
import { Alert, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { StudentAccessNotice } from "@/components/access-notices";
import { LinkButton } from "@/components/link-button";
import { PageLoader } from "@/components/page-loader";
import { StatusMessage } from "@/components/status-message";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { getCurrentLanguage } from "@/i18n";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";
import { useEntitlement } from "@/lib/entitlement";
import { usePricingSession } from "../api/get-pricing-session";
import { MyFirmUsage } from "../components/my-firm-usage";
import { PlanCard } from "../components/plan-card";
import { StripePricingTable } from "../components/stripe-pricing-table";
import { getPricingFailure } from "../lib/pricing-failure";
import "../components/subscription.css";

const FEATURE_KEYS = ["memos", "chat", "search", "history", "pdf"] as const;

/** product §4 Subscription: the plan card, or Stripe's pricing table beside the features. */
export function SubscriptionRoute() {
  const { t } = useTranslation(["subscription", "common"]);
  // Until the profile is known, "Please Login." would flash for every logged-in visitor.
  const { isLoggedIn, isProfilePending } = useAppState();
  const { payments } = useClientConfig();
  const pricing = usePricingSession({ enabled: isLoggedIn });
  const entitlement = useEntitlement({ enabled: isLoggedIn });
  useDocumentTitle(t("pageTitle"));

  if (isProfilePending) return <PageLoader />;
  if (!isLoggedIn) {
    return (
      <StatusMessage
        status="info"
        icon={LoginOutlined}
        title={t("pleaseLogin")}
        action={
          <LinkButton type="primary" size="large" to="/login">
            {t("common:notLoggedIn.action")}
          </LinkButton>
        }
      />
    );
  }

  // The access summary goes above the offer, so one loading state stands for both, until both answers are
  // in: a summary shown as soon as its own answer came would push the loading state down by its height.
  const isLoading = pricing.isPending || entitlement.isPending;
  const body = (() => {
    // Its own key: React would otherwise reuse its element for the offer's, which the browser then counts
    // as the offer moving down by the summary's height (a layout shift of 0.08 in Lighthouse).
    if (isLoading) {
      return (
        <div key="loading" className="subscription-status" role="status">
          <Spin aria-hidden="true" /> {t("loading")}
        </div>
      );
    }
    if (pricing.isError)
      return <Alert type="error" showIcon role="alert" title={t(getPricingFailure(pricing.error))} />;
    const session = pricing.data;
    if (!session) return <Alert type="error" showIcon role="alert" title={t("noData")} />;
    if (session.plan) return <PlanCard plan={session.plan} />;
    const isConfigured = Boolean(payments.publishableKey && payments.pricingTableId);
    const features = <FeaturesPanel />;
    // Without Stripe's table there is nothing to put beside the features: a short notice above them, and
    // the features across the page, rather than a large card holding only the notice.
    if (!isConfigured) {
      return (
        <div className="subscription-offer-unavailable">
          <Alert type="info" showIcon title={t("notConfigured")} />
          {features}
        </div>
      );
    }
    return (
      <div className="subscription-offer">
        <section className="subscription-card subscription-table" aria-label={t("plans")}>
          <StripePricingTable
            pricingTableId={payments.pricingTableId}
            publishableKey={payments.publishableKey}
            userId={session.userId}
            email={session.email}
          />
        </section>
        {features}
      </div>
    );
  })();

  return (
    <div className="subscription-page">
      <Typography.Title level={1}>{t("title")}</Typography.Title>
      {!isLoading && entitlement.data && <AccessSummary entitlement={entitlement.data} />}
      {body}
      {/* A firm member's own memos by client matter: only a firm keeps them, so only its members are asked. */}
      {!isLoading && entitlement.data?.firm && <MyFirmUsage firmName={entitlement.data.firm.name} />}
    </div>
  );
}

/** What every plan includes: each feature after its check mark, its wrapped lines under its text. */
function FeaturesPanel() {
  const { t } = useTranslation("subscription");
  return (
    <section className="subscription-card" aria-labelledby="features-heading">
      <Typography.Title level={2} id="features-heading">
        {t("features.heading")}
      </Typography.Title>
      <ul className="subscription-features">
        {FEATURE_KEYS.map((key) => (
          <li key={key}>
            <CheckOutlined aria-hidden="true" />
            <span>{t(`features.${key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The access the account has today, in plain words (trial, student or subscription, and until when), and
 * what an access that waits for a verified or a school address needs.
 */
function AccessSummary({ entitlement }: { entitlement: Entitlement }) {
  const { t } = useTranslation("subscription");
  const endsAt = entitlement.endsAt ? formatAccessEndDate(entitlement.endsAt, getCurrentLanguage()) : "";
  return (
    <>
      <Typography.Paragraph className="subscription-access">
        {t(`access.${entitlement.access}`, { date: endsAt })}
      </Typography.Paragraph>
      {/* SPEC's "no active plan" and, when it is the reason, why there is no trial (issue 43). */}
      {entitlement.trialUsedByAddress && (
        <Typography.Paragraph className="subscription-access">{t("access.trialUsed")}</Typography.Paragraph>
      )}
      {/* The trial starts with the emailed code: the page to enter it. */}
      {entitlement.access === "unverified" && (
        <LinkButton type="primary" to="/verify-email" className="subscription-verify">
          {t("enterCode")}
        </LinkButton>
      )}
      {entitlement.needsAcademicEmail && <StudentAccessNotice />}
    </>
  );
}
