import { type ReactNode, useCallback, useMemo, useState } from "react";
import { type AppState, AppStateContext, CANLII_ORIGIN_STORAGE_KEY, DEFAULT_ACTIVE_TITLE } from "@/lib/app-state";
import { readStoredValue, writeStoredValue } from "@/lib/browser-storage";
import { useUserDetails } from "@/lib/get-user-details";

/** Fills product §3's app state: the profile from the user-details query, the rest from this tab. */
export function AppStateProvider({ children }: { children: ReactNode }) {
  const { data, isPending: isProfilePending } = useUserDetails();
  const profile = data?.userProfile ?? null;

  // Per tab (sessionStorage): the case-law-site origin belongs to this visit, not to the browser.
  const [isCanLiiOrigin, setIsCanLiiOriginState] = useState(
    () => readStoredValue("session", CANLII_ORIGIN_STORAGE_KEY) === "true",
  );
  const setIsCanLiiOrigin = useCallback((value: boolean) => {
    writeStoredValue("session", CANLII_ORIGIN_STORAGE_KEY, String(value));
    setIsCanLiiOriginState(value);
  }, []);

  const [activeTitle, setActiveTitle] = useState(DEFAULT_ACTIVE_TITLE);

  const appState = useMemo<AppState>(
    () => ({
      isLoggedIn: profile !== null,
      isProfilePending,
      profile,
      isCanLiiOrigin,
      setIsCanLiiOrigin,
      activeTitle,
      setActiveTitle,
    }),
    [profile, isProfilePending, isCanLiiOrigin, setIsCanLiiOrigin, activeTitle],
  );

  return <AppStateContext value={appState}>{children}</AppStateContext>;
}
