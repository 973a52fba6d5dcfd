import { sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { rateLimitCounters } from "../../db/schema.ts";
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
  const [row] = await hitStatement(db).execute({ key, windowStart, expiresAt: windowEnd });
  if ((row?.hits ?? 0) <= rule.limit) return { isAllowed: true };
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)) };
}
