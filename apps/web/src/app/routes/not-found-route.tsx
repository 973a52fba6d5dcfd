import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { OutcomePage } from "@/components/outcome-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

export function NotFoundRoute() {
  const { t } = useTranslation("shell");
  useDocumentTitle(t("notFound.pageTitle"));
  return (
    <OutcomePage
      status="404"
      title={t("notFound.title")}
      text={t("notFound.description")}
      extra={
        <LinkButton type="primary" size="large" to="/">
          {t("notFound.backHome")}
        </LinkButton>
      }
    />
  );
}
