import { createReuseCache } from "../../lib/reuse-cache.ts";

/**
 * How long an instance may reuse a session row it read. This is the bound on how late another
 * instance notices a revocation (issue 8: within 1 s); the revoking instance forgets at once.
 * Measured from before the query starts, so a revocation committed after the read is seen at most
 * this long after it happened. See docs/decisions/009-session-lookups-cached-for-one-second.md.
 */
export const SESSION_REUSE_MS = 1_000;

/**
 * A row in steady use is read again in the background once it is this old, so requests never wait for the
 * lookup when the reused row expires (docs/decisions/011-reads-refreshed-ahead-and-saves-as-prepared-statements.md).
 */
export const SESSION_REFRESH_AFTER_MS = 500;

/** Past this many remembered tokens, stale ones are swept (and all of them if that is not enough). */
const MAX_ENTRIES = 50_000;

/**
 * Session rows by token hash for SESSION_REUSE_MS of real (monotonic) time, with one query in flight per
 * token however many requests ask at once. Per instance: each process has its own.
 */
export function createSessionCache<T>(now?: () => number) {
  return createReuseCache<T>({
    reuseMs: SESSION_REUSE_MS,
    refreshAfterMs: SESSION_REFRESH_AFTER_MS,
    maxEntries: MAX_ENTRIES,
    now,
  });
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
