import { useTranslation } from "react-i18next";
import { AccessNotice, withLazyTexts } from "@/components/access-notices";
import { LinkButton } from "@/components/link-button";

/**
 * A firm member whose firm's subscription has ended (issue 44, the entitlement's `firmEnded`): why their access is
 * their own again (trial, student, personal plan or none), and the way to their plan. Few accounts see it, so its
 * texts (the firm catalogue's `billing.ended`) load only when it shows, and nothing stands in its place meanwhile.
 */
export const FirmEndedNotice = withLazyTexts(function FirmEndedContent({ firmName }: { firmName: string }) {
  const { t } = useTranslation("firm");
  return (
    <AccessNotice
      type="warning"
      className="firm-ended-notice"
      title={t("billing.ended.title", { name: firmName })}
      description={t("billing.ended.description", { name: firmName })}
      actions={
        <LinkButton type="primary" to="/subscription">
          {t("billing.ended.seePlan")}
        </LinkButton>
      }
    />
  );
});
