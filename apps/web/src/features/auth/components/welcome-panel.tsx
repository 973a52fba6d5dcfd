import { ChromeOutlined, FilePdfOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { SmartLink } from "@/components/smart-link";
import { useClientConfig } from "@/lib/client-config";

/** product §2 Register, welcome variant: welcome text, the two key features and the support contact. */
export function WelcomePanel() {
  const { t } = useTranslation(["auth", "common"]);
  const { productName, supportEmail } = useClientConfig();
  const caseLawSite = t("common:caseLawSiteName");
  return (
    <section className="welcome-panel" aria-labelledby="welcome-title">
      <h1 id="welcome-title">{t("welcome.title", { productName })}</h1>
      <p>{t("welcome.intro")}</p>
      <h2>{t("welcome.featuresHeading")}</h2>
      <ul className="welcome-features">
        <li>
          <ChromeOutlined aria-hidden="true" />
          <span>
            <strong>{t("welcome.caseLawPlugin", { caseLawSite })}</strong>
            {t("welcome.caseLawPluginText", { caseLawSite })}
          </span>
        </li>
        <li>
          <FilePdfOutlined aria-hidden="true" />
          <span>
            <strong>{t("welcome.pdfAnalysis")}</strong>
            {t("welcome.pdfAnalysisText")}
          </span>
        </li>
      </ul>
      <h2>{t("welcome.supportHeading")}</h2>
      <p>
        {t("welcome.supportText")} <SmartLink href={`mailto:${supportEmail}`}>{supportEmail}</SmartLink>
      </p>
    </section>
  );
}
