import { lt, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { rateLimitCounters } from "../../db/schema.ts";
import { addSeconds } from "../../lib/clock.ts";

export interface RateLimitRule {
  /** Most hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in the current fixed window. The counter lives in the database, so
 * every instance shares it and a restart does not reset it; one upsert keeps it exact under concurrency.
 */
export async function hitRateLimit(
  db: AppDatabase,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitVerdict> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const windowEnd = addSeconds(windowStart, rule.windowSeconds);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, hits: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  if ((row?.hits ?? 0) <= rule.limit) return { isAllowed: true };
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)) };
}

/** Drops counters whose window has closed. */
export async function deleteExpiredRateLimits(db: AppDatabase, now: Date) {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}
