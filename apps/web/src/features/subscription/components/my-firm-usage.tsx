import { BarChartOutlined, ReloadOutlined } from "@ant-design/icons";
import { Button, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { CountTable } from "@/components/count-table";
import { Notice } from "@/components/notice";
import { LoadingSkeleton } from "@/components/query-content";
import { getCurrentLanguage } from "@/i18n";
import { formatMonth } from "@/lib/format-date";
import { useMyFirmUsage } from "../api/get-my-firm-usage";

/**
 * A firm member's own memos this month by client matter (issue 44): what their firm's owners and admins see of
 * them, so nothing in the firm's report about them is a surprise.
 */
export function MyFirmUsage({ firmName }: { firmName: string }) {
  const { t } = useTranslation("subscription");
  const usageQuery = useMyFirmUsage({ enabled: true });
  const usage = usageQuery.data;

  let content: React.ReactNode;
  if (usageQuery.isPending) {
    content = <LoadingSkeleton label={t("firmUsage.loading")} rows={3} />;
  } else if (usageQuery.isError || !usage) {
    content = (
      <div className="subscription-firm-usage-failure">
        <Notice type="error" role="alert" title={t("firmUsage.loadFailed")} />
        <Button
          icon={<ReloadOutlined aria-hidden="true" />}
          loading={usageQuery.isFetching}
          onClick={() => void usageQuery.refetch()}
        >
          {t("firmUsage.retry")}
        </Button>
      </div>
    );
  } else if (usage.total === 0) {
    content = (
      <p className="subscription-firm-usage-empty">
        <BarChartOutlined aria-hidden="true" />
        <span>{t("firmUsage.empty")}</span>
      </p>
    );
  } else {
    const month = formatMonth(usage.month, getCurrentLanguage());
    content = (
      <CountTable
        className="subscription-firm-usage-table"
        numberClassName="subscription-firm-usage-number"
        caption={t("firmUsage.caption", { month })}
        columns={[{ label: t("firmUsage.matter") }, { label: t("firmUsage.memos"), isNumber: true }]}
        rows={usage.matters.map((row) => ({
          key: row.matter,
          header: row.matter === "" ? t("firmUsage.noMatter") : row.matter,
          headerClassName: row.matter === "" ? "subscription-firm-usage-none" : undefined,
          cells: [row.memoCount],
        }))}
        totalLabel={t("firmUsage.total")}
        total={usage.total}
      />
    );
  }

  return (
    <section className="subscription-card subscription-firm-usage" aria-labelledby="firm-usage-heading">
      <Typography.Title level={2} id="firm-usage-heading">
        {t("firmUsage.heading")}
      </Typography.Title>
      <Typography.Paragraph className="subscription-firm-usage-intro">
        {t("firmUsage.intro", {
          month: formatMonth(usage?.month ?? new Date().toISOString().slice(0, 7), getCurrentLanguage()),
          firm: firmName,
        })}
      </Typography.Paragraph>
      {content}
    </section>
  );
}
