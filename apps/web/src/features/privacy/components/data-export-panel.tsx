import { DownloadOutlined, ReadOutlined } from "@ant-design/icons";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ConfirmIdentityThen } from "@/components/confirm-identity";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { MutationButton } from "@/components/mutation-button";
import { Notice } from "@/components/notice";
import { PanelSection } from "@/components/panel-section";
import { useExportAccount } from "../api/export-account";
import { useAccountSummary } from "../api/read-account-summary";
import { getPrivacyFailure } from "../lib/privacy-errors";
import { AccountSummary } from "./account-summary";
import { PrivacyFailureAlert } from "./privacy-failure";

/**
 * Issue 28: everything kept about the account, as one JSON file (Law 25's portability, PIPEDA's access); and,
 * issue 43, the same file shown on the page in words, for the person it describes.
 */
export function DataExportPanel({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const { t } = useTranslation("privacy");
  const exportMutation = useExportAccount({ confirmIdentityThen });
  const summaryMutation = useAccountSummary({ confirmIdentityThen });
  // Closing the password dialog is a change of mind, not a failure to report.
  const failureOf = (mutation: typeof exportMutation | typeof summaryMutation) =>
    mutation.isError && !isIdentityNotConfirmed(mutation.error) ? getPrivacyFailure(mutation.error, "export") : null;
  const failure = failureOf(exportMutation);
  const summaryFailure = failureOf(summaryMutation);
  const summaryHeadingRef = useRef<HTMLHeadingElement>(null);
  // The summary arrives below the buttons: its heading takes focus, so a screen reader starts reading there.
  useEffect(() => {
    if (summaryMutation.data) summaryHeadingRef.current?.focus();
  }, [summaryMutation.data]);

  return (
    <PanelSection look="privacy-panel" heading={t("export.heading")} intro={t("export.intro")}>
      {failure && <PrivacyFailureAlert key={exportMutation.submittedAt} failure={failure} className="privacy-alert" />}
      {exportMutation.isSuccess && (
        <Notice
          type="success"
          role="status"
          className="privacy-alert"
          title={t("export.saved", { fileName: exportMutation.data })}
        />
      )}
      {summaryFailure && (
        <PrivacyFailureAlert key={summaryMutation.submittedAt} failure={summaryFailure} className="privacy-alert" />
      )}
      <div className="privacy-actions privacy-export-actions">
        <MutationButton
          type="primary"
          size="large"
          icon={<DownloadOutlined aria-hidden="true" />}
          mutation={exportMutation}
        >
          {t("export.download")}
        </MutationButton>
        <MutationButton size="large" icon={<ReadOutlined aria-hidden="true" />} mutation={summaryMutation}>
          {t(summaryMutation.isSuccess ? "summary.showAgain" : "summary.show")}
        </MutationButton>
      </div>
      {summaryMutation.isSuccess && (
        <section className="account-summary-panel" aria-labelledby="account-summary-heading">
          <h3 id="account-summary-heading" ref={summaryHeadingRef} tabIndex={-1} className="account-summary-title">
            {t("summary.heading")}
          </h3>
          <AccountSummary data={summaryMutation.data} />
        </section>
      )}
    </PanelSection>
  );
}
