import type { PricingSession } from "@precis/contract/subscription";
import { Alert, Button, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useOpenBillingPortal } from "../api/open-billing-portal";

/** product §4: the plan's name, a badge with its billing period, its details, and Change Subscription. */
export function PlanCard({ plan }: { plan: NonNullable<PricingSession["plan"]> }) {
  const { t } = useTranslation(["subscription", "common"]);
  const portal = useOpenBillingPortal();
  const period = plan.price.period;
  const periodLabel = period === "month" || period === "year" ? t(`periods.${period}`) : period;
  return (
    <section className="subscription-card" aria-labelledby="plan-name">
      <Typography.Text type="secondary">{t("plan.current")}</Typography.Text>
      <div className="subscription-plan-heading">
        <Typography.Title level={2} id="plan-name" className="subscription-plan-name">
          {plan.name}
        </Typography.Title>
        <Tag color="blue">{periodLabel}</Tag>
      </div>
      {plan.details && <Typography.Paragraph>{plan.details}</Typography.Paragraph>}
      {portal.isError && <Alert type="error" showIcon role="alert" title={t("plan.portalFailed")} />}
      <Button
        type="primary"
        size="large"
        aria-busy={portal.isPending}
        onClick={() => {
          if (!portal.isPending) portal.mutate();
        }}
      >
        {t("plan.change")}
        <span className="visually-hidden"> {t("common:opensInNewTab")}</span>
      </Button>
    </section>
  );
}
