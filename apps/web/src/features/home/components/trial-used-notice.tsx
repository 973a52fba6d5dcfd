import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { Notice } from "@/components/notice";

/**
 * An account with no access because its address (or a variant of it: a +tag, Gmail's dots) already had the
 * free trial on another account (issue 43): why there is no trial, and the way on, a plan. Few accounts see
 * it, so its texts (the `access` namespace) load only when it shows, and nothing stands in its place meanwhile.
 */
export function TrialUsedNotice() {
  return (
    <Suspense fallback={null}>
      <TrialUsedContent />
    </Suspense>
  );
}

function TrialUsedContent() {
  const { t } = useTranslation("access");
  return (
    <Notice
      type="warning"
      role="status"
      className="access-notice trial-used-notice"
      title={t("trialUsed.title")}
      description={
        <>
          <p>{t("trialUsed.description")}</p>
          <div className="access-notice-actions">
            <LinkButton type="primary" to="/subscription">
              {t("trialUsed.choosePlan")}
            </LinkButton>
          </div>
        </>
      }
    />
  );
}
