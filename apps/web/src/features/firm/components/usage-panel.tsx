import "./usage.css";
import { BarChartOutlined, DownloadOutlined } from "@ant-design/icons";
import type { Firm, FirmUsage } from "@precis/contract/firms";
import { Skeleton, Tag } from "antd";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { NativeSelect } from "@/components/native-select";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { getCurrentLanguage } from "@/i18n";
import { formatMonth } from "@/lib/format-date";
import { useDownloadFirmUsage } from "../api/download-firm-usage";
import { useFirmUsage } from "../api/get-firm-usage";
import { initialUsageMonth, rememberUsageMonth, usageMonthsSince } from "../lib/usage-months";
import { FirmFailureNotice, useFirmFailureText } from "./firm-failure";
import { ListLoadFailure } from "./panel-parts";

type T = ReturnType<typeof useTranslation<"firm">>["t"];

/** A matter code as the report writes it: "" is a memo made without one. */
const matterLabel = (matter: string, t: T) => (matter === "" ? t("usage.noMatter") : matter);

/**
 * Issue 44's Usage screen (owners and admins): memos per member and per client matter for a chosen month, with
 * totals, and the month as a CSV file. Counts and codes only: the report holds nothing else of a memo.
 */
export function UsagePanel({ firm }: { firm: Firm }) {
  const { t } = useTranslation("firm");
  const language = getCurrentLanguage();
  const months = useMemo(() => usageMonthsSince(firm.createdAt, new Date()), [firm.createdAt]);
  const [month, setMonth] = useState(() => initialUsageMonth(months));
  const usageQuery = useFirmUsage(month);
  const download = useDownloadFirmUsage();
  const failureText = useFirmFailureText();
  const { news, announce, newsRef } = usePanelNews();
  const monthId = useId();
  const monthName = formatMonth(month, language);

  const chooseMonth = (chosen: string) => {
    setMonth(chosen);
    rememberUsageMonth(chosen);
  };
  const startDownload = () => {
    if (download.isPending) return;
    download.mutate(month, { onSuccess: (fileName) => announce(t("usage.downloaded", { fileName })) });
  };

  // The report on screen is the chosen month's, or the last one kept while the chosen one loads (marked busy).
  const usage = usageQuery.data;
  const isShowingOtherMonth = usageQuery.isPlaceholderData;
  let report: React.ReactNode;
  if (usageQuery.isPending) {
    report = (
      <div role="status" aria-label={t("loading")}>
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      </div>
    );
  } else if (usageQuery.isError && !isShowingOtherMonth) {
    report = <ListLoadFailure isRetrying={usageQuery.isFetching} onRetry={() => void usageQuery.refetch()} />;
  } else if (usage && usage.total === 0) {
    report = (
      <div className="firm-empty-list" aria-busy={isShowingOtherMonth}>
        <BarChartOutlined aria-hidden="true" className="firm-empty-list-icon" />
        <p>{t("usage.empty", { month: formatMonth(usage.month, language) })}</p>
      </div>
    );
  } else if (usage) {
    report = <UsageReport usage={usage} isBusy={isShowingOtherMonth} t={t} />;
  }

  return (
    <PanelSection look="firm-card" headingId="firm-usage-heading" heading={t("usage.heading")} intro={t("usage.intro")}>
      <div className="firm-usage-toolbar">
        <div className="firm-usage-month">
          <label htmlFor={monthId}>{t("usage.month")}</label>
          <NativeSelect
            id={monthId}
            className="firm-usage-month-select"
            value={month}
            onChange={chooseMonth}
            options={months.map((value) => ({ value, label: formatMonth(value, language) }))}
          />
        </div>
        <BusyButton icon={<DownloadOutlined aria-hidden="true" />} isBusy={download.isPending} onClick={startDownload}>
          {t("usage.download")}
        </BusyButton>
      </div>
      {download.isError && <FirmFailureNotice key={download.submittedAt} text={failureText(download.error)} />}
      <PanelNews news={news} newsRef={newsRef} className="firm-news" />
      {usage && usage.total > 0 && !isShowingOtherMonth && (
        <p className="firm-usage-total">{t("usage.total", { count: usage.total, month: monthName })}</p>
      )}
      {report}
    </PanelSection>
  );
}

/** A usage table's last row: the month's memos, under the memo counts. */
function TotalRow({ total, t }: { total: number; t: T }) {
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={2}>
          {t("usage.totalRow")}
        </th>
        <td className="firm-usage-number">{total}</td>
      </tr>
    </tfoot>
  );
}

/** The month's two views of the same counts: each member with their matters, then each matter across members. */
function UsageReport({ usage, isBusy, t }: { usage: FirmUsage; isBusy: boolean; t: T }) {
  const month = formatMonth(usage.month, getCurrentLanguage());
  return (
    <div aria-busy={isBusy} className="firm-usage-report">
      <h3 className="firm-subheading">{t("usage.byMember")}</h3>
      <table className="firm-usage-table">
        <caption className="visually-hidden">{t("usage.byMemberCaption", { month })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("usage.columns.member")}</th>
            <th scope="col">{t("usage.columns.matters")}</th>
            <th scope="col" className="firm-usage-number">
              {t("usage.columns.memos")}
            </th>
          </tr>
        </thead>
        <tbody>
          {usage.members.map((member) => (
            <tr key={member.userId}>
              <th scope="row">
                {/* A flex box inside the cell, not on it: a table cell drawn as flex loses its role in some browsers. */}
                <div className="firm-usage-person">
                  <span className="firm-row-name">{member.name}</span>
                  {!member.isMember && <Tag className="firm-usage-former">{t("usage.formerMember")}</Tag>}
                  <span className="firm-usage-email">{member.email}</span>
                </div>
              </th>
              <td>
                {member.matters.length === 0 ? (
                  <span className="firm-usage-none">{t("usage.noMemos")}</span>
                ) : (
                  <ul className="firm-usage-matters">
                    {member.matters.map((row) => (
                      <li key={row.matter}>
                        <span className={row.matter === "" ? "firm-usage-none" : "firm-usage-code"}>
                          {matterLabel(row.matter, t)}
                        </span>
                        <span className="firm-usage-count">{row.memoCount}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="firm-usage-number">{member.total}</td>
            </tr>
          ))}
        </tbody>
        <TotalRow total={usage.total} t={t} />
      </table>

      <h3 className="firm-subheading">{t("usage.byMatter")}</h3>
      <table className="firm-usage-table">
        <caption className="visually-hidden">{t("usage.byMatterCaption", { month })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("usage.columns.matter")}</th>
            <th scope="col" className="firm-usage-number">
              {t("usage.columns.members")}
            </th>
            <th scope="col" className="firm-usage-number">
              {t("usage.columns.memos")}
            </th>
          </tr>
        </thead>
        <tbody>
          {usage.matters.map((row) => (
            <tr key={row.matter}>
              <th scope="row" className={row.matter === "" ? "firm-usage-none" : "firm-usage-code"}>
                {matterLabel(row.matter, t)}
              </th>
              <td className="firm-usage-number">{row.memberCount}</td>
              <td className="firm-usage-number">{row.memoCount}</td>
            </tr>
          ))}
        </tbody>
        <TotalRow total={usage.total} t={t} />
      </table>
    </div>
  );
}
