import type { Profile } from "@precis/contract/profile";
import { createContext, useContext } from "react";

/**
 * product §3 "App state". The context lives in the shared layer so that any feature can read it
 * without importing another feature; the app layer fills it (src/app/app-state-provider.tsx).
 */
export type AppState = {
  isLoggedIn: boolean;
  /** True until the first user-details answer: "not logged in" is not known yet either. */
  isProfilePending: boolean;
  profile: Profile | null;
  /** The visitor arrived from the case-law site; later screens send them back there. */
  isCanLiiOrigin: boolean;
  setIsCanLiiOrigin: (isCanLiiOrigin: boolean) => void;
  /** Title shown in the documentation title bar. */
  activeTitle: string;
  setActiveTitle: (activeTitle: string) => void;
};

export const DEFAULT_ACTIVE_TITLE = "Overview";
export const CANLII_ORIGIN_STORAGE_KEY = "precis.isCanLiiOrigin";

export const AppStateContext = createContext<AppState | null>(null);

export function useAppState(): AppState {
  const appState = useContext(AppStateContext);
  if (!appState) throw new Error("useAppState must be used inside <AppStateProvider>");
  return appState;
}
