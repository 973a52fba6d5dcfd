import { getProfileTabId, type ProfileTab, resolveProfileTab } from "@precis/contract/profile-tabs";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Tabs, Typography } from "antd";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { NotLoggedInResult } from "@/components/not-logged-in-result";
import { Notice } from "@/components/notice";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";
import { whenIdle } from "@/lib/when-idle";
import { UserSettingsForm } from "../components/user-settings-form";
import "../components/profile.css";

/*
 * The memo settings tab's code (its section tree, live preview and sample memos) is not needed by
 * the user settings tab, which the page opens on: it loads when the browser is next idle, or as the
 * page renders when it opens on that tab.
 */
const loadMemoSettings = () => import("../components/memo-settings");
const MemoSettings = lazy(() => loadMemoSettings().then((module) => ({ default: module.MemoSettings })));

/**
 * product §2 "Profile (/profile/:tabId?)": User settings and Memo settings as vertical tabs, then Security and
 * Privacy (issues 27 and 28). Those two are other features' (decision 006): the app layer hands them in
 * (app/routes/profile-page.tsx), each rendered only once its tab is opened.
 */
export function ProfileRoute({ securityTab, privacyTab }: { securityTab: ReactNode; privacyTab: ReactNode }) {
  const { t } = useTranslation("profile");
  const { profile } = useAppState();
  const { productShortName } = useClientConfig();
  const { tabId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { tab, canonicalId } = resolveProfileTab(tabId, productShortName);
  useDocumentTitle(t("pageTitle"));

  useEffect(() => {
    if (tab === "memo") {
      // Opened on this tab (the extension links to it): ask for the option sets beside the tab's
      // code, not once it has loaded and rendered.
      // A failure is the tab's to report: it asks again as it renders.
      import("../api/get-memo-options")
        .then(({ memoOptionsQueryOptions }) => queryClient.prefetchQuery(memoOptionsQueryOptions()))
        .catch(() => {});
      return;
    }
    // Only a head start: the lazy tab loads its code again, and reports a failure, when opened.
    return whenIdle(() => void loadMemoSettings().catch(() => {}));
  }, [tab, queryClient]);

  // A missing, misspelt or differently cased tab id shows as the canonical one in the address bar.
  useEffect(() => {
    if (tabId !== canonicalId) void navigate(`/profile/${canonicalId}`, { replace: true });
  }, [tabId, canonicalId, navigate]);

  if (!profile) return <NotLoggedInResult />;

  return (
    <div className="profile-page">
      <Typography.Title level={1}>{t("title")}</Typography.Title>
      <Tabs
        className="side-tabs"
        // Side tabs; on a phone they stack above the panel (profile.css). A bar of four across the top would not
        // fit, and antd would put the rest in an overflow menu inside the tab list, where a tab list may hold
        // only tabs.
        tabPlacement="start"
        activeKey={tab}
        onChange={(key) => void navigate(`/profile/${getProfileTabId(key as ProfileTab, productShortName)}`)}
        aria-label={t("tabs.label")}
        items={[
          { key: "user", label: t("tabs.user"), children: <UserSettingsForm profile={profile} /> },
          {
            key: "memo",
            label: t("tabs.memo"),
            children: (
              <TabPanel>
                <MemoSettings />
              </TabPanel>
            ),
          },
          { key: "security", label: t("tabs.security"), children: <TabPanel>{securityTab}</TabPanel> },
          { key: "privacy", label: t("tabs.privacy"), children: <TabPanel>{privacyTab}</TabPanel> },
        ]}
      />
    </div>
  );
}

/**
 * "Loading…" where a tab's content will be, while its code and texts load. A tab whose code fails to load (a
 * dropped connection, or a deployment that replaced its chunk) says so in its own panel: the page and the other
 * tabs stay usable, where the route's error page used to replace them all.
 */
function TabPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation("profile");
  return (
    <ErrorBoundary FallbackComponent={TabLoadError}>
      <Suspense
        fallback={
          <p role="status" className="profile-loading">
            {t("loading")}
          </p>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A reload is what tries again, as on the route's error page: after a deployment the old chunk is gone for good
 * and only the new index.html names the tab's new one, and a reload retries a dropped connection as well.
 */
function TabLoadError() {
  // The button says what the route's error page says, in the shell's texts (always loaded).
  const { t } = useTranslation(["profile", "shell"]);
  return (
    <div className="profile-tab-error">
      <Notice type="error" role="alert" title={t("tabError.title")} description={t("tabError.description")} />
      <Button type="primary" onClick={() => window.location.reload()}>
        {t("shell:routeError.reload")}
      </Button>
    </div>
  );
}
