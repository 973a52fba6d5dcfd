import { readStoredValue, removeStoredValue, writeStoredValue } from "@/lib/browser-storage";

/*
 * An invitation link opened signed out (issue 44): the person logs in, or registers and proves their address, and
 * must land back on the join screen. The link's token waits here meanwhile; Home, where login and the verified
 * address both lead, sends the person back to /firm/join with it. Shared, since Home and the firm feature both
 * read it (decision 006). Kept no longer than an invitation lives.
 */
const PENDING_FIRM_JOIN_STORAGE_KEY = "precis.pendingFirmJoin";
const PENDING_FOR_MS = 7 * 24 * 60 * 60 * 1000;

export function rememberPendingFirmJoin(token: string, now = Date.now()): void {
  writeStoredValue("local", PENDING_FIRM_JOIN_STORAGE_KEY, JSON.stringify({ token, savedAt: now }));
}

export function forgetPendingFirmJoin(): void {
  removeStoredValue("local", PENDING_FIRM_JOIN_STORAGE_KEY);
}

/** The join screen's path for the waiting token, or null when none waits (or it is older than an invitation). */
export function readPendingFirmJoinPath(now = Date.now()): string | null {
  const stored = readStoredValue("local", PENDING_FIRM_JOIN_STORAGE_KEY);
  if (!stored) return null;
  try {
    const { token, savedAt } = JSON.parse(stored) as { token?: unknown; savedAt?: unknown };
    if (typeof token !== "string" || typeof savedAt !== "number" || now - savedAt > PENDING_FOR_MS) {
      forgetPendingFirmJoin();
      return null;
    }
    return `/firm/join?${new URLSearchParams({ token })}`;
  } catch {
    forgetPendingFirmJoin();
    return null;
  }
}
