import { Button, Result } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * Any error thrown while loading or rendering a route, most often a lazy chunk that no longer
 * exists after a deployment; a reload fetches the new index.html and its chunks.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("shell");
  useDocumentTitle(t("routeError.pageTitle"));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Result
      status="error"
      title={<h1 className="result-heading">{t("routeError.title")}</h1>}
      subTitle={t("routeError.description")}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t("routeError.reload")}
        </Button>
      }
    />
  );
}

/** For errors in the shell itself: there is no shell <main> to render into, so bring one. */
export function RootErrorBoundary() {
  return (
    <main className="standalone-page">
      <RouteErrorBoundary />
    </main>
  );
}
