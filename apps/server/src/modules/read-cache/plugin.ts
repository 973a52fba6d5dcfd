import type { FastifyInstance } from "fastify";
import { createReuseCache } from "../../lib/reuse-cache.ts";

/**
 * The extension asks for the same three answers (profile, memo options, entitlement) before every memo.
 * Each instance reuses what it read for a user for at most REUSE_MS, and forgets everything as soon as any
 * state-changing API request is answered here, so a caller always reads its own writes on the same instance;
 * another instance sees them within REUSE_MS (docs/decisions/009-session-lookups-cached-for-one-second.md).
 */
const REUSE_MS = 1_000;
/** Read again in the background past this age, so a steadily read answer never makes a request wait (decision 011). */
const REFRESH_AFTER_MS = 500;
const MAX_ENTRIES = 50_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Answers the read cache hands out: the same object each time, so its JSON can be computed once. */
const reusedAnswers = new WeakSet<object>();

/**
 * Wraps a route's response serializer: a reused answer is validated and turned into JSON once, not on every
 * request (the zod check of a memo option tree costs more than the rest of the request).
 */
export function serializeReusedAnswersOnce(serialize: (data: unknown) => string) {
  const serialized = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== "object" || data === null || !reusedAnswers.has(data)) return serialize(data);
    let json = serialized.get(data);
    if (json === undefined) {
      json = serialize(data);
      serialized.set(data, json);
    }
    return json;
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** What `read` answered for `key` less than a second ago (of both real and app time), or a fresh read. */
    reuseRead<T>(key: string, read: () => Promise<T>): Promise<T>;
  }
}

export async function registerReadCache(app: FastifyInstance) {
  const cache = createReuseCache<unknown>({
    reuseMs: REUSE_MS,
    refreshAfterMs: REFRESH_AFTER_MS,
    maxEntries: MAX_ENTRIES,
    now: app.elapsedClock,
    // Tests move the app's clock by days within a millisecond: a read is reused only while that clock stands near it.
    appNow: () => app.clock().getTime(),
  });

  app.decorate("reuseRead", function reuseRead<T>(key: string, read: () => Promise<T>): Promise<T> {
    return cache.get(key, async () => {
      const answer = await read();
      if (typeof answer === "object" && answer !== null) reusedAnswers.add(answer);
      return answer;
    }) as Promise<T>;
  });

  // Entries are stored when their read starts, so clearing once a write's handler is done (before its answer
  // leaves) drops every read that began before the write committed, background refreshes included. A refused
  // write (4xx, 5xx) changed nothing, so it keeps the cache: otherwise anyone could empty it for every user
  // with a stream of rejected requests.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (reply.statusCode < 400 && !SAFE_METHODS.has(request.method) && request.url.startsWith("/api/")) {
      cache.forgetAll();
    }
    done(null, payload);
  });
}
