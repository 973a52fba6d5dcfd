import { performance } from "node:perf_hooks";

/**
 * How long an instance may reuse a session row it read. This is the bound on how late another
 * instance notices a revocation (issue 8: within 1 s); the revoking instance forgets at once.
 * Measured from before the query starts, so a revocation committed after the read is seen at most
 * this long after it happened. See docs/decisions/009-session-lookups-cached-for-one-second.md.
 */
export const SESSION_REUSE_MS = 1_000;

/** Past this many remembered tokens, stale ones are swept (and all of them if that is not enough). */
const MAX_ENTRIES = 50_000;

interface Entry<T> {
  readAt: number;
  value: Promise<T>;
}

/**
 * Session rows by token hash for SESSION_REUSE_MS of real (monotonic) time, with one query in flight per
 * token however many requests ask at once. Per instance: each process has its own.
 */
export function createSessionCache<T>(now: () => number = () => performance.now()) {
  const entries = new Map<string, Entry<T>>();

  function sweep(at: number) {
    for (const [key, entry] of entries) if (at - entry.readAt >= SESSION_REUSE_MS) entries.delete(key);
    if (entries.size > MAX_ENTRIES) entries.clear();
  }

  return {
    /** The row read less than SESSION_REUSE_MS ago, or what `read` answers now. */
    get(key: string, read: () => Promise<T>): Promise<T> {
      const at = now();
      const cached = entries.get(key);
      if (cached && at - cached.readAt < SESSION_REUSE_MS) return cached.value;
      if (entries.size >= MAX_ENTRIES) sweep(at);
      const value = read();
      const entry = { readAt: at, value };
      entries.set(key, entry);
      // A failed read (database away) is never reused.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    /** After a revocation on this instance: nothing read before it may be reused. */
    forgetAll() {
      entries.clear();
    },
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
