import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * An unknown /document/… path: the app's "Page not found", in its own words, shown inside the
 * documentation layout so the menu and the search stay at hand. The title bar holds the h1.
 */
export function DocsPageNotFound() {
  const { t } = useTranslation("shell");
  useDocumentTitle(t("notFound.pageTitle"));
  return (
    <Result
      status="404"
      subTitle={t("notFound.description")}
      extra={
        <LinkButton type="primary" size="large" to="/">
          {t("notFound.backHome")}
        </LinkButton>
      }
    />
  );
}
