import { performance } from "node:perf_hooks";

/**
 * Answers reused per key for less than `reuseMs`, counted from the moment their read *started*, with one read
 * in flight per key however many requests ask at once. Once an answer is `refreshAfterMs` old, the next
 * request still gets it but starts a new read in the background; the new answer replaces the old one when it
 * arrives. A key asked for steadily is therefore never waited on: no request stalls behind a read at the
 * moment an answer expires (which, under load, put hundreds of requests behind one query at once).
 *
 * The bound does not move: an answer is served only while its read started less than `reuseMs` ago, on every
 * clock given. A background read that has not answered by then is shared by the requests that need a fresh
 * answer, exactly like a read started by a miss. `forgetAll` drops every answer and every background read in
 * flight (an answer arriving after it is thrown away), so nothing read before it is served after it.
 * See docs/decisions/011-reads-refreshed-ahead-and-saves-as-prepared-statements.md.
 */
export interface ReuseCacheOptions {
  reuseMs: number;
  refreshAfterMs: number;
  /** Past this many keys, stale ones are swept (and all of them if that is not enough). */
  maxEntries: number;
  /** Monotonic milliseconds. */
  now?: () => number;
  /** Another clock the answer must also be younger than `reuseMs` on (the app's, which tests move by days). */
  appNow?: () => number;
}

interface Entry<T> {
  readAt: number;
  readAtAppTime: number;
  value: Promise<T>;
  isSettled: boolean;
  /** The background read that will replace this entry. */
  refresh?: Entry<T>;
}

export function createReuseCache<T>({
  reuseMs,
  refreshAfterMs,
  maxEntries,
  now = () => performance.now(),
  appNow,
}: ReuseCacheOptions) {
  const entries = new Map<string, Entry<T>>();

  const isFresh = (entry: Entry<T>, at: number, atAppTime: number) =>
    at - entry.readAt < reuseMs && atAppTime >= entry.readAtAppTime && atAppTime - entry.readAtAppTime < reuseMs;

  function startRead(key: string, read: () => Promise<T>, at: number, atAppTime: number): Entry<T> {
    const entry: Entry<T> = { readAt: at, readAtAppTime: atAppTime, value: read(), isSettled: false };
    entry.value.then(
      () => {
        entry.isSettled = true;
      },
      // A failed read (database away) is never reused.
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  }

  function refreshInBackground(key: string, current: Entry<T>, read: () => Promise<T>, at: number, atAppTime: number) {
    const next = startRead(key, read, at, atAppTime);
    current.refresh = next;
    next.value.then(
      () => {
        // Only while the entry it refreshes is still the one in use: after forgetAll, or once another read
        // took its place, this answer may predate a write or a revocation and is dropped.
        if (entries.get(key) === current) entries.set(key, next);
      },
      () => {
        if (current.refresh === next) current.refresh = undefined;
      },
    );
  }

  function sweep(at: number, atAppTime: number) {
    for (const [key, entry] of entries) if (!isFresh(entry, at, atAppTime)) entries.delete(key);
    if (entries.size >= maxEntries) entries.clear();
  }

  return {
    /** The answer read less than `reuseMs` ago, or the one `read` gives now. */
    get(key: string, read: () => Promise<T>): Promise<T> {
      const at = now();
      const atAppTime = appNow ? appNow() : at;
      const cached = entries.get(key);
      if (cached && isFresh(cached, at, atAppTime)) {
        if (cached.isSettled && !cached.refresh && at - cached.readAt >= refreshAfterMs) {
          refreshInBackground(key, cached, read, at, atAppTime);
        }
        return cached.value;
      }
      // The answer expired before its background read answered: that read started later, so it may be used.
      const refresh = cached?.refresh;
      if (refresh && isFresh(refresh, at, atAppTime)) {
        entries.set(key, refresh);
        return refresh.value;
      }
      if (entries.size >= maxEntries) sweep(at, atAppTime);
      const entry = startRead(key, read, at, atAppTime);
      entries.set(key, entry);
      return entry.value;
    },
    /** After a write or a revocation on this instance: nothing read before it may be served. */
    forgetAll() {
      entries.clear();
    },
  };
}

export type ReuseCache<T> = ReturnType<typeof createReuseCache<T>>;
