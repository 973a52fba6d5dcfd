import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useClientConfig } from "@/lib/client-config";
import { getDocsPagePath } from "../lib/docs-navigation";

/**
 * An unknown /document/… path: the app's "Page not found", in its own words, shown inside the
 * documentation layout so the menu and the search stay at hand. The title bar holds the h1.
 * Its way out is the documentation's Overview, not home: home shows a reader who is not signed in the
 * login box, and every reader of the documentation can read the Overview.
 */
export function DocsPageNotFound() {
  const { t } = useTranslation(["shell", "docs"]);
  const { productShortName } = useClientConfig();
  useDocumentTitle(t("notFound.pageTitle"));
  return (
    <Result
      status="404"
      subTitle={t("notFound.description")}
      extra={
        <LinkButton type="primary" size="large" to={getDocsPagePath("overview", productShortName)}>
          {t("docs:notFound.backToOverview")}
        </LinkButton>
      }
    />
  );
}
