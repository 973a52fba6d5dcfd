import type { AccountSession } from "@precis/contract/sessions";

/** This browser's session first, then the others from the most recently used: the likeliest to matter. */
export function sortSessions(sessions: readonly AccountSession[]): AccountSession[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.isCurrent) - Number(a.isCurrent) ||
      Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt) ||
      Date.parse(b.startedAt) - Date.parse(a.startedAt),
  );
}

/**
 * A session's device as the list names it: the browser ("Chrome 131") and the system ("macOS 15") the
 * server read from its user agent, each null when it said nothing usable (the list then says "Unknown
 * browser").
 */
export function describeDevice(session: Pick<AccountSession, "browser" | "system">): {
  browser: string | null;
  system: string | null;
} {
  return { browser: session.browser.trim() || null, system: session.system.trim() || null };
}
