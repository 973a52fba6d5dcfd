import { createContext, useContext } from "react";

/**
 * What a feature may do to the browser's session without importing the auth feature (decision 006): the
 * app layer provides them (app/layout/session-actions-provider.tsx), as it provides the app state.
 */
export type SessionActions = {
  /** Logs out as the account menu does, and opens the login page. */
  logOut: () => void;
  isLoggingOut: boolean;
  /**
   * Forgets the session the server has already ended (the account's deletion signs every session out): the
   * access key, the profile (now "not logged in") and every other cached answer, as a logout does.
   */
  forgetSession: () => void;
  /** Asks for the profile again, for a change that alters it (a deletion cancelled, terms accepted). */
  refreshProfile: () => Promise<void>;
};

export const SessionActionsContext = createContext<SessionActions | null>(null);

export function useSessionActions(): SessionActions {
  const actions = useContext(SessionActionsContext);
  if (!actions) throw new Error("useSessionActions must be used inside <SessionActionsProvider>");
  return actions;
}
