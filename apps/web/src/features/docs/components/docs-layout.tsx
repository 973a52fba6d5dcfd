import "./docs.css";
import { lazy, type ReactNode, Suspense, useId, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { useMediaQuery } from "@/hooks/use-media-query";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";
import { getDocsPageIdForPathname, getDocsPageTitle, VIDEO_DOCS_PATH } from "../lib/docs-navigation";
import { DocsSidebar } from "./docs-sidebar";
import { DocsTitleBar } from "./docs-title-bar";

const DocsMenuDrawer = lazy(() =>
  import("./docs-menu-drawer").then(({ DocsMenuDrawer }) => ({ default: DocsMenuDrawer })),
);

/** product §9: the documentation drawer is 290 px wide. */
export const DOCS_DRAWER_WIDTH = 290;
/** From this width up the drawer stays open beside the page; below it, a button opens it. */
const WIDE_SCREEN_QUERY = "(min-width: 992px)";

/**
 * product §2 documentation layout: the left drawer (search and menu) and the title bar over the page.
 * The active title lives in the app state; it follows the URL, so a deep link, a reload and the
 * back button all show the right title and menu selection.
 */
export function DocsLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(["docs", "shell"]);
  const { productShortName } = useClientConfig();
  const { setActiveTitle } = useAppState();
  const { pathname } = useLocation();
  const pageId = getDocsPageIdForPathname(pathname, productShortName);
  const isWideScreen = useMediaQuery(WIDE_SCREEN_QUERY);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  // Mounted from the first opening on, so it can animate closed and keep its state afterwards.
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  const drawerId = useId();

  // Before paint, so the title never shows the previous page's for a frame.
  useLayoutEffect(() => {
    if (pageId) setActiveTitle(getDocsPageTitle(pageId, productShortName));
  }, [pageId, productShortName, setActiveTitle]);

  // From the URL, which the server knows too (the app state's title is set only once effects run).
  // /video-document is the overview opening with the video tutorial: its title says both (issue 58).
  const title =
    pathname === VIDEO_DOCS_PATH
      ? t("video.pageTitle")
      : pageId
        ? t(`pages.${pageId}.title`, { productShortName })
        : t("shell:notFound.title");
  const openDrawer = () => {
    setHasOpenedDrawer(true);
    setIsDrawerOpen(true);
  };
  const closeDrawer = () => setIsDrawerOpen(false);

  return (
    <div className="docs-layout">
      {isWideScreen !== false && (
        // Prerendered: both the sider and the menu button, one hidden by CSS, until hydration knows.
        <div className={isWideScreen ? "docs-sider" : "docs-sider docs-wide-only"} style={{ width: DOCS_DRAWER_WIDTH }}>
          <DocsSidebar currentPageId={pageId} />
        </div>
      )}
      {isWideScreen === false && hasOpenedDrawer && (
        <Suspense fallback={null}>
          <DocsMenuDrawer
            id={drawerId}
            title={t("menu.drawerTitle")}
            width={DOCS_DRAWER_WIDTH}
            isOpen={isDrawerOpen}
            onClose={closeDrawer}
          >
            <DocsSidebar currentPageId={pageId} onNavigate={closeDrawer} />
          </DocsMenuDrawer>
        </Suspense>
      )}
      <div className="docs-body">
        <DocsTitleBar
          title={title}
          menuButton={isWideScreen ? undefined : { isOpen: isDrawerOpen, onOpen: openDrawer, drawerId }}
          menuButtonOnlyOnNarrowScreens={isWideScreen === undefined}
        />
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </div>
    </div>
  );
}
