import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { Notice } from "@/components/notice";

/**
 * Why a panel offers no way to add a factor: the account's address is not proven yet, and the server adds
 * nothing until it is (issue 42, finding 3), so the panel says so instead of showing a button that would fail.
 */
export function VerifyEmailFirstNotice({ text }: { text: string }) {
  const { t } = useTranslation("security");
  return (
    <Notice
      type="info"
      role="status"
      className="security-alert"
      title={text}
      description={<LinkButton to="/verify-email">{t("verifyFirst.action")}</LinkButton>}
    />
  );
}
