import { CopyOutlined, DownloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { formatDateTime } from "@/lib/format-date";
import { saveFile } from "@/lib/save-file";
import { recoveryCodesFileName, recoveryCodesFileText } from "../lib/recovery-codes";

/**
 * The ten recovery codes, shown this once (after turning the app on, or after generating new ones): to copy,
 * to download as a text file, and "I've saved them" to put them away. Focus lands on the heading, so a screen
 * reader starts reading here.
 */
export function RecoveryCodesView({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[];
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation("security");
  const { productName } = useClientConfig();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [news, setNews] = useState<string | null>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const fileText = () =>
    recoveryCodesFileText({
      title: t("twoStep.recovery.fileTitle", { productName, email }),
      note: t("twoStep.recovery.fileNote", { date: formatDateTime(new Date().toISOString(), getCurrentLanguage()) }),
      codes,
    });

  const copy = () => {
    setNews(null);
    navigator.clipboard
      .writeText(codes.join("\n"))
      .then(() => setNews(t("twoStep.recovery.copied")))
      .catch(() => setNews(t("twoStep.recovery.copyFailed")));
  };

  const download = () => {
    const fileName = recoveryCodesFileName(productName);
    saveFile(new Blob([fileText()], { type: "text/plain;charset=utf-8" }), fileName);
    setNews(t("twoStep.recovery.downloaded", { fileName }));
  };

  return (
    <div className="recovery-codes">
      <h3 ref={headingRef} tabIndex={-1} className="security-subheading focus-target">
        {t("twoStep.recovery.saveHeading")}
      </h3>
      <p className="security-panel-intro">{t("twoStep.recovery.saveIntro")}</p>
      <ol className="recovery-code-list" aria-label={t("twoStep.recovery.listLabel")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="action-row panel-actions">
        <Button icon={<CopyOutlined aria-hidden="true" />} onClick={copy}>
          {t("twoStep.recovery.copy")}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden="true" />} onClick={download}>
          {t("twoStep.recovery.download")}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t("twoStep.recovery.saved")}
        </Button>
      </div>
      <p role="status" className="security-inline-news">
        {news}
      </p>
    </div>
  );
}
