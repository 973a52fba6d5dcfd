import { BarChartOutlined, ReloadOutlined } from "@ant-design/icons";
import { Button, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";
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
    content = (
      <div role="status" aria-label={t("firmUsage.loading")}>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
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
      <table className="subscription-firm-usage-table">
        <caption className="visually-hidden">{t("firmUsage.caption", { month })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("firmUsage.matter")}</th>
            <th scope="col" className="subscription-firm-usage-number">
              {t("firmUsage.memos")}
            </th>
          </tr>
        </thead>
        <tbody>
          {usage.matters.map((row) => (
            <tr key={row.matter}>
              <th scope="row" className={row.matter === "" ? "subscription-firm-usage-none" : undefined}>
                {row.matter === "" ? t("firmUsage.noMatter") : row.matter}
              </th>
              <td className="subscription-firm-usage-number">{row.memoCount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("firmUsage.total")}</th>
            <td className="subscription-firm-usage-number">{usage.total}</td>
          </tr>
        </tfoot>
      </table>
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
