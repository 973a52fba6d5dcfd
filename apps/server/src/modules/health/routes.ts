import { healthOperations, type ReadinessResponse } from "@precis/contract/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { countPendingMigrations } from "../../db/client.ts";
import { operationRoutes } from "../../lib/operations/routes.ts";

const PING_TIMEOUT_MS = 2_000;

/**
 * Liveness and readiness, for load balancers and orchestrators (decision 027). /api/health says the process is up
 * and reaches its database; /api/ready says it should get traffic now.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "operations");
  // Their status is their answer (a load balancer reads 503), so these handlers set it: the route lint exempts them.
  route(
    healthOperations.getHealth,
    {
      summary: "Liveness: whether this instance is up and reaches its database",
      access: "anyone",
      cache: "no-store",
      answersItself: [503],
    },
    async (_request, reply) => {
      const isDatabaseUp = await withTimeout(app.database.ping(), PING_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      return isDatabaseUp
        ? reply.code(200).send({ status: "ok", database: "up" })
        : reply.code(503).send({ status: "unavailable", database: "down" });
    },
  );

  route(
    healthOperations.getReadiness,
    {
      summary: "Readiness: whether this instance should get traffic now (503 while starting, failing or draining)",
      access: "anyone",
      cache: "no-store",
      answersItself: [503],
    },
    async (_request, reply) => {
      if (app.readiness.isDraining) return reply.code(503).send({ status: "draining" });
      // One query answers two questions: the pool gave a connection, and the schema is this version's.
      const [pending, prerender] = await Promise.all([
        withTimeout(countPendingMigrations(app.database.db), PING_TIMEOUT_MS).catch(() => null),
        withTimeout(app.readiness.loadPrerender(), PING_TIMEOUT_MS).catch(() => "loading" as const),
      ]);
      const checks = {
        database: pending === null ? "down" : "up",
        migrations: pending === null ? "unknown" : pending === 0 ? "applied" : "pending",
        prerender,
      } satisfies Omit<ReadinessResponse, "status">;
      const isReady = checks.migrations === "applied" && prerender === "loaded";
      // Checked again at the end: a drain that began while the checks ran must not be answered with "ready".
      if (app.readiness.isDraining) return reply.code(503).send({ status: "draining" });
      return reply.code(isReady ? 200 : 503).send({ status: isReady ? "ready" : "unavailable", ...checks });
    },
  );
};

function withTimeout<T>(promise: Promise<T>, milliseconds: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
