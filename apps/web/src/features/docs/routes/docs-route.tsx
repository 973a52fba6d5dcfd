import type { ClientConfig } from "@precis/contract/client-config";
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { DocsFeatureList } from "../components/docs-feature-list";
import { DocsLayout } from "../components/docs-layout";
import { DocsPage } from "../components/docs-page";
import { loadDocsPage } from "../content/docs-pages";
import { getDocsPageIdForPathname } from "../lib/docs-navigation";

// Rarely shown, and antd's Result brings its illustrations: load it only for a missing page.
const DocsPageNotFound = lazy(() =>
  import("../components/docs-page-not-found").then(({ DocsPageNotFound }) => ({ default: DocsPageNotFound })),
);

/** Loads the text a docs URL shows, so a prerendered page hydrates without waiting on it (see main.tsx). */
export async function preloadDocsRoute(pathname: string, { productShortName }: ClientConfig) {
  const pageId = getDocsPageIdForPathname(pathname, productShortName);
  if (pageId) await loadDocsPage(getCurrentLanguage(), pageId);
}

/**
 * Every path under /document. One route rather than one per page, because the search optimizer's
 * path comes from the configured short name, which the route table cannot know; the layout also
 * stays mounted from page to page, so the drawer keeps its search and scroll position.
 */
export function DocsRoute() {
  const { productShortName } = useClientConfig();
  const { pathname } = useLocation();
  const pageId = getDocsPageIdForPathname(pathname, productShortName);
  return (
    <DocsLayout>
      {pageId === null ? (
        <Suspense fallback={<PageLoader />}>
          <DocsPageNotFound />
        </Suspense>
      ) : (
        <DocsPage pageId={pageId} afterIntro={pageId === "overview" ? <DocsFeatureList /> : undefined} />
      )}
    </DocsLayout>
  );
}
