import { ExportOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

/** Warns sighted users with an icon and screen-reader users with text that a link opens a new tab. */
export function NewTabHint() {
  const { t } = useTranslation();
  return (
    <>
      <ExportOutlined aria-hidden="true" className="new-tab-icon" />
      <span className="visually-hidden"> {t("opensInNewTab")}</span>
    </>
  );
}
