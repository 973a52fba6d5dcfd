import { getProfileTabId, type ProfileTab, resolveProfileTab } from "@precis/contract/profile-tabs";
import { useQueryClient } from "@tanstack/react-query";
import { Tabs, Typography } from "antd";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { NotLoggedInResult } from "@/components/not-logged-in-result";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useMediaQuery } from "@/hooks/use-media-query";
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

/** antd's `md` breakpoint: from here the tabs fit beside the panel. */
const SIDE_TABS_QUERY = "(min-width: 768px)";

/** SPEC §2 "Profile (/profile/:tabId?)": User settings and Memo settings as vertical tabs. */
export function ProfileRoute() {
  const { t } = useTranslation("profile");
  const { profile } = useAppState();
  const { productShortName } = useClientConfig();
  const { tabId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read as the page renders. antd's Grid.useBreakpoint answers only from a layout effect, which
  // rendered the whole page a second time, at once, right after its first render.
  const hasRoomForSideTabs = useMediaQuery(SIDE_TABS_QUERY);
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
        className="profile-tabs"
        // Side tabs need room: on a phone they sit on top.
        tabPlacement={hasRoomForSideTabs ? "start" : "top"}
        activeKey={tab}
        onChange={(key) => void navigate(`/profile/${getProfileTabId(key as ProfileTab, productShortName)}`)}
        aria-label={t("tabs.label")}
        items={[
          { key: "user", label: t("tabs.user"), children: <UserSettingsForm profile={profile} /> },
          {
            key: "memo",
            label: t("tabs.memo"),
            children: (
              <Suspense
                fallback={
                  <p role="status" className="profile-loading">
                    {t("loading")}
                  </p>
                }
              >
                <MemoSettings />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
