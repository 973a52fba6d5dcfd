import { and, eq, gt, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { rateLimitCounters } from "../../db/schema/index.ts";
import { addSeconds } from "../../lib/clock.ts";

export interface RateLimitRule {
  /** Most hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

const hitStatement = preparedPerDatabase((db) =>
  db
    .insert(rateLimitCounters)
    .values({
      key: sql.placeholder("key"),
      windowStart: sql.placeholder("windowStart"),
      hits: 1,
      expiresAt: sql.placeholder("expiresAt"),
    })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits })
    .prepare("rate_limit_hit"),
);

/** The start of the fixed window `now` falls in: the same for every instance, so they share one counter. */
function windowStartOf(rule: RateLimitRule, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

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
  const windowStart = windowStartOf(rule, now);
  const windowEnd = addSeconds(windowStart, rule.windowSeconds);
  const [row] = await hitStatement(db).execute({ key, windowStart, expiresAt: windowEnd });
  if ((row?.hits ?? 0) <= rule.limit) return { isAllowed: true };
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)) };
}

/**
 * Takes back one hit counted against `key` in the current window, as a sign-in that proved right is not a guess
 * (issue 43: an office of lawyers behind one address was locked out by its own sign-ins). Never below zero.
 */
export async function refundRateLimit(db: AppDatabase, key: string, rule: RateLimitRule, now: Date) {
  const windowStart = windowStartOf(rule, now);
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
}

/** The window start of a counter that is not a window: one count that lives until its own expiry. */
const RUNNING_COUNT_START = new Date(0);

/**
 * Counts one more against `key` and returns the count, this one included. Unlike a window it never rolls over:
 * it lives until `expiresAt` (moved to the later of the two on each count) or until `clearRunningCount`, and an
 * expired row the retention job has not yet swept starts again at one. One upsert keeps it exact under concurrency.
 */
export async function countRunning(db: AppDatabase, key: string, now: Date, expiresAt: Date) {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: RUNNING_COUNT_START, hits: 1, expiresAt })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: {
        hits: sql`case when ${rateLimitCounters.expiresAt} > ${now.toISOString()}::timestamptz then ${rateLimitCounters.hits} + 1 else 1 end`,
        expiresAt: sql`greatest(${rateLimitCounters.expiresAt}, excluded.expires_at)`,
      },
    })
    .returning({ hits: rateLimitCounters.hits });
  return row?.hits ?? 1;
}

/** The live count of `key` (zero when there is none or it has expired), without counting. */
export async function readRunningCount(db: AppDatabase, key: string, now: Date) {
  const [row] = await db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.key, key),
        eq(rateLimitCounters.windowStart, RUNNING_COUNT_START),
        gt(rateLimitCounters.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.hits ?? 0;
}

export async function clearRunningCount(db: AppDatabase, key: string) {
  await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, RUNNING_COUNT_START)));
}
