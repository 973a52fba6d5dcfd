import { useTranslation } from "react-i18next";
import { AccessNotice, withLazyTexts } from "@/components/access-notices";
import { LinkButton } from "@/components/link-button";

/**
 * An account with no access because its address (or a variant of it: a +tag, Gmail's dots) already had the
 * free trial on another account (issue 43): why there is no trial, and the way on, a plan. Few accounts see
 * it, so its texts (the `access` namespace) load only when it shows, and nothing stands in its place meanwhile.
 */
export const TrialUsedNotice = withLazyTexts(function TrialUsedContent() {
  const { t } = useTranslation("access");
  return (
    <AccessNotice
      type="warning"
      className="trial-used-notice"
      title={t("trialUsed.title")}
      description={t("trialUsed.description")}
      actions={
        <LinkButton type="primary" to="/subscription">
          {t("trialUsed.choosePlan")}
        </LinkButton>
      }
    />
  );
});
