import "./billing-panel.css";
import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";
import { SmartLink } from "@/components/smart-link";

/** The joiner pays for a personal plan that the firm's seat now covers: how to cancel it (Precis cancels nothing). */
export function PersonalPlanCovered() {
  const { t } = useTranslation("firm");
  return (
    <Notice
      type="info"
      role="status"
      className="firm-alert firm-join-plan-notice"
      title={t("billing.personalPlan.title")}
      description={
        <>
          <p>{t("billing.personalPlan.description")}</p>
          <SmartLink href="/subscription">{t("billing.personalPlan.link")}</SmartLink>
        </>
      }
    />
  );
}
