import { createHash, timingSafeEqual } from "node:crypto";
import { apiErrorSchema } from "@precis/contract/api";
import { operations, routeUrl } from "@precis/contract/operations";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { sendApiError } from "../../lib/api-error.ts";
import type { Metrics } from "./metrics.ts";

/** Route label of a request no route matched: the URL itself could be anything, a path with an email in it too. */
const UNMATCHED_ROUTE = "unmatched";

/**
 * Counts every response by the route pattern it matched. Registered on the root instance before the routes, so
 * its hook reaches every route plugin and the not-found handler.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook("onResponse", async (request, reply) => {
    metrics.recordRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

/** Compares through fixed-length digests, so neither the time taken nor an early length check tells how close a guess was. */
function isSameSecret(offered: string, expected: string) {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(offered), digest(expected));
}

/**
 * Prometheus's text format for a scraper holding METRICS_TOKEN. Without a token configured the route answers as a
 * path that does not exist, so a server that does not publish metrics says nothing about them.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routeUrl(operations.getMetrics),
    {
      schema: {
        tags: ["operations"],
        summary: "Prometheus metrics (only with METRICS_TOKEN set, sent as a bearer token)",
        response: {
          200: { description: "Prometheus text exposition format", content: { "text/plain": { schema: z.string() } } },
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const token = app.config.metrics.token;
      if (!token || !app.metrics) return reply.callNotFound();
      const offered = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      if (!isSameSecret(offered, token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        return sendApiError(reply, 401, "Send the metrics token as a bearer token.");
      }
      const text = await app.metrics.registry.metrics();
      return reply.header("cache-control", "no-store").type(app.metrics.registry.contentType).send(text);
    },
  );
};
