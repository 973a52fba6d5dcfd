import { LockOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { StatusMessage } from "@/components/status-message";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** SPEC's "You haven't logged in" box; shared because the shell and the profile page both show it. */
export function NotLoggedInResult() {
  const { t } = useTranslation();
  useDocumentTitle(t("notLoggedIn.pageTitle"));
  return (
    <StatusMessage
      status="info"
      icon={LockOutlined}
      title={t("notLoggedIn.title")}
      description={t("notLoggedIn.description")}
      action={
        <LinkButton type="primary" size="large" to="/login">
          {t("notLoggedIn.action")}
        </LinkButton>
      }
    />
  );
}
