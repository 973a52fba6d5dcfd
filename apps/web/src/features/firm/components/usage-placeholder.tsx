import { BarChartOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

/**
 * Seats, billing and usage by client matter are issue 44's second phase: their place is kept and explained, with
 * no button that would lead nowhere.
 */
export function UsagePlaceholder() {
  const { t } = useTranslation("firm");
  return (
    <section className="firm-card" aria-labelledby="firm-usage-heading">
      <h2 id="firm-usage-heading" className="firm-card-heading">
        {t("usage.heading")}
      </h2>
      <div className="firm-empty-list">
        <BarChartOutlined aria-hidden="true" className="firm-empty-list-icon" />
        <p>{t("usage.comingSoon")}</p>
      </div>
      <ul className="firm-bullets">
        <li>{t("usage.seats")}</li>
        <li>{t("usage.reports")}</li>
        <li>{t("usage.meanwhile")}</li>
      </ul>
    </section>
  );
}
