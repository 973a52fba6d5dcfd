import { Layout } from "antd";
import { type MouseEvent, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration } from "react-router";
import { Navbar } from "@/app/layout/navbar";
import { SiteFooter } from "@/app/layout/site-footer";
import { PageLoader } from "@/components/page-loader";
import { getScrollKey } from "@/lib/scroll-key";

const MAIN_CONTENT_ID = "main-content";

/** SPEC §2 layout shell: navbar, main area, footer. */
export function AppShell() {
  const { t } = useTranslation("shell");

  // Focus <main> directly instead of following "#main-content": a hash navigation would add a
  // history entry and the router would treat it as a page change.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };

  return (
    <Layout className="app-shell">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain}>
        {t("skipToMain")}
      </a>
      <Navbar />
      <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        {/* Keeps the navbar on screen while a page's translations load. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <SiteFooter />
      <ScrollRestoration getKey={getScrollKey} />
    </Layout>
  );
}
