import { Layout } from "antd";
import { lazy, type MouseEvent, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { Navbar } from "@/app/layout/navbar";
import { SessionActionsProvider } from "@/app/layout/session-actions-provider";
import { SiteFooter } from "@/app/layout/site-footer";
import { PageLoader } from "@/components/page-loader";
import { useAppState } from "@/lib/app-state";
import { getScrollKey } from "@/lib/scroll-key";

/*
 * The verification banner, its dialog and its texts load only for an account that shows it: every other
 * visit, the prerendered frames among them (never served to an unverified account), loads none of it.
 */
const VerificationBanner = lazy(() =>
  import("@/features/verification/components/verification-banner").then(({ VerificationBanner }) => ({
    default: VerificationBanner,
  })),
);

/** The page that asks for the code itself: no banner above it. */
const VERIFY_EMAIL_PATH = "/verify-email";

/*
 * Likewise for the account's pending deletion (its banner offers to keep the account) and for Terms or a
 * Privacy Policy changed since the account accepted them (a dialog asks to accept them): each loads only for
 * an account that shows it.
 */
const DeletionBanner = lazy(() =>
  import("@/features/privacy/components/deletion-banner").then(({ DeletionBanner }) => ({
    default: DeletionBanner,
  })),
);
const ConsentPrompt = lazy(() =>
  import("@/features/privacy/components/consent-prompt").then(({ ConsentPrompt }) => ({ default: ConsentPrompt })),
);

/** The emailed link's page cancels the deletion itself: no banner above it. */
const CANCEL_DELETION_PATH = "/account/deletion/cancel";
/** The documents the consent prompt links to, opened in a tab of their own: readable, not hidden by the prompt. */
const LEGAL_PATHS = new Set(["/terms", "/privacy"]);

const MAIN_CONTENT_ID = "main-content";

/** SPEC §2 layout shell: navbar, main area, footer. */
export function AppShell() {
  const { t } = useTranslation("shell");
  const { profile } = useAppState();
  const { pathname } = useLocation();
  // Shown from the first unverified profile on, for the rest of the visit: once the code is accepted the
  // banner says so, rather than vanishing with the dialog that accepted it.
  const [showsBanner, setShowsBanner] = useState(false);
  if (profile?.emailVerified === false && !showsBanner) setShowsBanner(true);
  // The same for a pending deletion: once the account is kept, the banner says so.
  const [showsDeletionBanner, setShowsDeletionBanner] = useState(false);
  if (profile?.deletionScheduledFor && !showsDeletionBanner) setShowsDeletionBanner(true);

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
          {showsDeletionBanner && profile && pathname !== CANCEL_DELETION_PATH && (
            <Suspense fallback={null}>
              <DeletionBanner profile={profile} />
            </Suspense>
          )}
          {showsBanner && profile && pathname !== VERIFY_EMAIL_PATH && (
            // Nothing in its place while it loads: the page below must not wait for it.
            <Suspense fallback={null}>
              <VerificationBanner profile={profile} />
            </Suspense>
          )}
          {/*
          Every page sits in the same container, the navbar's width, so its edges line up with the logo's
          and the account menu's at every width. It is here rather than in each page so that no page can
          differ, and so the server's HTML (documentation, signed-in frames) has it too.
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
