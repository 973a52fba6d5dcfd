import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { useDocumentTitle } from "@/hooks/use-document-title";

export function NotFoundRoute() {
  const { t } = useTranslation("shell");
  useDocumentTitle(t("notFound.pageTitle"));
  return (
    <Result
      status="404"
      title={<h1 className="result-heading">{t("notFound.title")}</h1>}
      subTitle={t("notFound.description")}
      extra={
        <LinkButton type="primary" size="large" to="/">
          {t("notFound.backHome")}
        </LinkButton>
      }
    />
  );
}
