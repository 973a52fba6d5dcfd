import { healthResponseSchema } from "@precis/contract/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const PING_TIMEOUT_MS = 2_000;

/** For load balancers and uptime checks: 200 only while the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["operations"],
        summary: "Whether this instance can serve requests",
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const isDatabaseUp = await withTimeout(app.database.ping(), PING_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      reply.header("cache-control", "no-store");
      return isDatabaseUp
        ? reply.code(200).send({ status: "ok", database: "up" })
        : reply.code(503).send({ status: "unavailable", database: "down" });
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
