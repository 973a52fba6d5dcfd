import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { useClientConfig } from "@/lib/client-config";
import { DocsFeatureList } from "../components/docs-feature-list";
import { DocsLayout } from "../components/docs-layout";
import { DocsPage } from "../components/docs-page";
import { getDocsPageIdForPathname } from "../lib/docs-navigation";

// Rarely shown, and antd's Result brings its illustrations: load it only for a missing page.
const DocsPageNotFound = lazy(() =>
  import("../components/docs-page-not-found").then(({ DocsPageNotFound }) => ({ default: DocsPageNotFound })),
);

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
