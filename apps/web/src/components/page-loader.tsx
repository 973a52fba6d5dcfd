import { Spin } from "antd";
import { useTranslation } from "react-i18next";

/** A centred spinner that screen readers announce as "Loading…". */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-label={t("loading")}>
      <Spin size="large" />
    </div>
  );
}
