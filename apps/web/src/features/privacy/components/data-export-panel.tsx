import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { Notice } from "@/components/notice";
import { useExportAccount } from "../api/export-account";
import { getPrivacyFailure } from "../lib/privacy-errors";
import { PrivacyFailureAlert } from "./privacy-failure";

/** Issue 28: everything kept about the account, as one JSON file (Law 25's portability, PIPEDA's access). */
export function DataExportPanel({
  confirmIdentityThen,
}: {
  confirmIdentityThen: <T>(action: () => Promise<T>) => Promise<T>;
}) {
  const { t } = useTranslation("privacy");
  const exportMutation = useExportAccount({ confirmIdentityThen });
  // Closing the password dialog is a change of mind, not a failure to report.
  const failure =
    exportMutation.isError && !isIdentityNotConfirmed(exportMutation.error)
      ? getPrivacyFailure(exportMutation.error, "export")
      : null;

  return (
    <section className="privacy-panel" aria-labelledby="export-heading">
      <h2 id="export-heading" className="privacy-panel-heading">
        {t("export.heading")}
      </h2>
      <p className="privacy-panel-intro">{t("export.intro")}</p>
      {failure && <PrivacyFailureAlert key={exportMutation.submittedAt} failure={failure} className="privacy-alert" />}
      {exportMutation.isSuccess && (
        <Notice
          type="success"
          role="status"
          className="privacy-alert"
          title={t("export.saved", { fileName: exportMutation.data })}
        />
      )}
      <BusyButton
        type="primary"
        size="large"
        icon={<DownloadOutlined aria-hidden="true" />}
        isBusy={exportMutation.isPending}
        onClick={() => {
          if (!exportMutation.isPending) exportMutation.mutate();
        }}
      >
        {t("export.download")}
      </BusyButton>
    </section>
  );
}
