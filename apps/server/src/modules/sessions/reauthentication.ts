import type { ActiveSession } from "./service.ts";

/** Sensitive actions need a proof of identity this recent (issue 27). */
export const RECENT_AUTHENTICATION_SECONDS = 15 * 60;

export const REAUTHENTICATION_REQUIRED_MESSAGE = "Confirm who you are to continue.";

/**
 * Whether the session's person proved who they are in it within 15 minutes (a sign-in, or POST
 * /api/reauthenticate since; a session handed over to the extension counts only its own confirmations, decision
 * 035). Routes ask for it by declaring `access: "recentlySignedIn"` (plugins/route-policy.ts answers the 403).
 */
export const isRecentlyAuthenticated = (session: ActiveSession, now: Date) =>
  session.isProofOwn && now.getTime() - session.authenticatedAt.getTime() <= RECENT_AUTHENTICATION_SECONDS * 1000;
