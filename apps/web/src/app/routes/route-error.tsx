import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { ReloadPageMessage } from "@/app/reload-page-message";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * Any error thrown while loading or rendering a route, most often a lazy chunk that no longer
 * exists after a deployment; a reload fetches the new index.html and its chunks. So it lives in
 * the entry chunk and loads nothing itself.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("shell");
  useDocumentTitle(t("routeError.pageTitle"));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ReloadPageMessage
      status="error"
      title={t("routeError.title")}
      description={t("routeError.description")}
      reloadLabel={t("routeError.reload")}
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
