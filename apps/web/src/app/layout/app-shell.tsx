import { Layout } from "antd";
import { type MouseEvent, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { Navbar } from "@/app/layout/navbar";
import { SessionActionsProvider } from "@/app/layout/session-actions-provider";
import {
  CANCEL_DELETION_PATH,
  ConsentPrompt,
  DeletionBanner,
  LEGAL_PATHS,
  VERIFY_EMAIL_PATH,
  VerificationBanner,
} from "@/app/layout/shell-notices";
import { SiteFooter } from "@/app/layout/site-footer";
import { PageLoader } from "@/components/page-loader";
import { useAppState } from "@/lib/app-state";
import { getScrollKey } from "@/lib/scroll-key";

const MAIN_CONTENT_ID = "main-content";

/** product §2 layout shell: navbar, main area, footer. */
export function AppShell() {
  const { t } = useTranslation("shell");
  const { profile } = useAppState();
  const { pathname } = useLocation();
  // Shown from the first unverified profile on, for the rest of the visit: once the code is accepted the
  // banner says so, rather than vanishing with the dialog that accepted it.
  const [isBannerShown, setIsBannerShown] = useState(false);
  if (profile?.emailVerified === false && !isBannerShown) setIsBannerShown(true);
  // The same for a pending deletion: once the account is kept, the banner says so.
  const [isDeletionBannerShown, setIsDeletionBannerShown] = useState(false);
  if (profile?.deletionScheduledFor && !isDeletionBannerShown) setIsDeletionBannerShown(true);

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
    <SessionActionsProvider>
      <Layout className="app-shell">
        <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain}>
          {t("skipToMain")}
        </a>
        <Navbar />
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
          {isDeletionBannerShown && profile && pathname !== CANCEL_DELETION_PATH && (
            <Suspense fallback={null}>
              <DeletionBanner profile={profile} />
            </Suspense>
          )}
          {/* An account on its way out is asked one thing, to keep it or not: not also to confirm its address. */}
          {isBannerShown && profile && !profile.deletionScheduledFor && pathname !== VERIFY_EMAIL_PATH && (
            // Nothing in its place while it loads (main.tsx loads it before the first render when it shows
            // then): the page below must not wait for it.
            <Suspense fallback={null}>
              <VerificationBanner profile={profile} />
            </Suspense>
          )}
          {/*
          Every page sits in the same container, the navbar's width, so its edges line up with the logo's
          and the account menu's at every width. It is here rather than in each page so that no page can
          differ, and so the server's HTML (the documentation) has it too.
        */}
          <div className="page-container">
            {/* Keeps the navbar on screen while a page's translations load. */}
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </Layout.Content>
        <SiteFooter />
        <ScrollRestoration getKey={getScrollKey} />
        {profile?.mustAcceptTerms && !LEGAL_PATHS.has(pathname) && (
          <Suspense fallback={null}>
            <ConsentPrompt />
          </Suspense>
        )}
      </Layout>
    </SessionActionsProvider>
  );
}
