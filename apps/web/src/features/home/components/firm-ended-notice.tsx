import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { Notice } from "@/components/notice";

/**
 * A firm member whose firm's subscription has ended (issue 44, the entitlement's `firmEnded`): why their access is
 * their own again (trial, student, personal plan or none), and the way to their plan. Few accounts see it, so its
 * texts (the firm catalogue's `billing.ended`) load only when it shows, and nothing stands in its place meanwhile.
 */
export function FirmEndedNotice({ firmName }: { firmName: string }) {
  return (
    <Suspense fallback={null}>
      <FirmEndedContent firmName={firmName} />
    </Suspense>
  );
}

function FirmEndedContent({ firmName }: { firmName: string }) {
  const { t } = useTranslation("firm");
  return (
    <Notice
      type="warning"
      role="status"
      className="access-notice firm-ended-notice"
      title={t("billing.ended.title", { name: firmName })}
      description={
        <>
          <p>{t("billing.ended.description", { name: firmName })}</p>
          <div className="access-notice-actions">
            <LinkButton type="primary" to="/subscription">
              {t("billing.ended.seePlan")}
            </LinkButton>
          </div>
        </>
      }
    />
  );
}
