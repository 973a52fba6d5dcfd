import "./usage.css";
import { BarChartOutlined, DownloadOutlined } from "@ant-design/icons";
import type { Firm, FirmUsage } from "@precis/contract/firms";
import { Tag } from "antd";
import { type ComponentProps, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { CountTable } from "@/components/count-table";
import { NativeSelect } from "@/components/native-select";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { LoadingSkeleton } from "@/components/query-content";
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
    report = <LoadingSkeleton label={t("loading")} rows={5} />;
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
    <PanelSection look="firm-card" heading={t("usage.heading")} intro={t("usage.intro")}>
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

/** A table of the report: its counts under the report's look, with the month's total in the last row. */
function UsageTable({
  t,
  ...table
}: Pick<ComponentProps<typeof CountTable>, "caption" | "columns" | "rows" | "total"> & { t: T }) {
  return (
    <CountTable
      className="firm-usage-table"
      numberClassName="firm-usage-number"
      totalLabel={t("usage.totalRow")}
      {...table}
    />
  );
}

/** The month's two views of the same counts: each member with their matters, then each matter across members. */
function UsageReport({ usage, isBusy, t }: { usage: FirmUsage; isBusy: boolean; t: T }) {
  const month = formatMonth(usage.month, getCurrentLanguage());
  return (
    <div aria-busy={isBusy} className="firm-usage-report">
      <h3 className="firm-subheading">{t("usage.byMember")}</h3>
      <UsageTable
        caption={t("usage.byMemberCaption", { month })}
        columns={[
          { label: t("usage.columns.member") },
          { label: t("usage.columns.matters") },
          { label: t("usage.columns.memos"), isNumber: true },
        ]}
        rows={usage.members.map((member) => ({
          key: member.userId,
          header: (
            // A flex box inside the cell, not on it: a table cell drawn as flex loses its role in some browsers.
            <div className="firm-usage-person">
              <span className="firm-row-name">{member.name}</span>
              {!member.isMember && <Tag className="firm-usage-former">{t("usage.formerMember")}</Tag>}
              <span className="firm-usage-email">{member.email}</span>
            </div>
          ),
          cells: [
            member.matters.length === 0 ? (
              <span key="matters" className="firm-usage-none">
                {t("usage.noMemos")}
              </span>
            ) : (
              <ul key="matters" className="firm-usage-matters">
                {member.matters.map((row) => (
                  <li key={row.matter}>
                    <span className={row.matter === "" ? "firm-usage-none" : "firm-usage-code"}>
                      {matterLabel(row.matter, t)}
                    </span>
                    <span className="firm-usage-count">{row.memoCount}</span>
                  </li>
                ))}
              </ul>
            ),
            member.total,
          ],
        }))}
        total={usage.total}
        t={t}
      />

      <h3 className="firm-subheading">{t("usage.byMatter")}</h3>
      <UsageTable
        caption={t("usage.byMatterCaption", { month })}
        columns={[
          { label: t("usage.columns.matter") },
          { label: t("usage.columns.members"), isNumber: true },
          { label: t("usage.columns.memos"), isNumber: true },
        ]}
        rows={usage.matters.map((row) => ({
          key: row.matter,
          header: matterLabel(row.matter, t),
          headerClassName: row.matter === "" ? "firm-usage-none" : "firm-usage-code",
          cells: [row.memberCount, row.memoCount],
        }))}
        total={usage.total}
        t={t}
      />
    </div>
  );
}
