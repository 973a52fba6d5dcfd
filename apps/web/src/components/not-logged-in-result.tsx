import { LockOutlined } from "@ant-design/icons";
import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** SPEC's "You haven't logged in" box; shared because the shell and the profile page both show it. */
export function NotLoggedInResult() {
  const { t } = useTranslation();
  useDocumentTitle(t("notLoggedIn.pageTitle"));
  return (
    <Result
      status="info"
      icon={<LockOutlined aria-hidden="true" />}
      title={<h1 className="result-heading">{t("notLoggedIn.title")}</h1>}
      subTitle={t("notLoggedIn.description")}
      extra={
        <LinkButton type="primary" size="large" to="/login">
          {t("notLoggedIn.action")}
        </LinkButton>
      }
    />
  );
}
