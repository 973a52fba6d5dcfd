import type { FastifyInstance, FastifyReply } from "fastify";
import { sendApiError } from "../../lib/api-error.ts";
import { storedCounterKey } from "./keys.ts";
import { hitRateLimit, type RateLimitRule, refundRateLimit } from "./service.ts";

export interface RateLimitCheck extends RateLimitRule {
  key: string;
}

/**
 * Counts one attempt against every check, in order. True when all allow it; otherwise answers 429
 * with Retry-After and `message`, tells `onRefused` which check refused, and returns false.
 */
export async function enforceRateLimits(
  app: FastifyInstance,
  reply: FastifyReply,
  checks: RateLimitCheck[],
  refusal: { message: string; onRefused?: (check: RateLimitCheck) => Promise<void> },
) {
  for (const check of checks) {
    const verdict = await hitRateLimit(app.database.db, storedCounterKey(app.config, check.key), check, app.clock());
    if (!verdict.isAllowed) {
      await refusal.onRefused?.(check);
      app.metrics?.recordRateLimitRefusal(reply.request.routeOptions.url ?? "unmatched", check.key);
      reply.header("retry-after", String(verdict.retryAfterSeconds));
      void sendApiError(reply, 429, refusal.message);
      return false;
    }
  }
  return true;
}

/** Takes back the attempt counted against every check: it proved to be no guess (a right password). */
export async function refundRateLimits(app: FastifyInstance, checks: readonly RateLimitCheck[]) {
  for (const check of checks) {
    await refundRateLimit(app.database.db, storedCounterKey(app.config, check.key), check, app.clock());
  }
}
