import { useTranslation } from "react-i18next";

/**
 * A centred spinner that screen readers announce as "Loading…". It is antd's large Spin drawn in CSS
 * (global.css): the entry chunk shows it while a page's code loads, and Spin there was about 2 kB
 * gzip of every page's first load.
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-label={t("loading")}>
      <span className="page-loader-dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
