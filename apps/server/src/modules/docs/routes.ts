import { docsOperations } from "@precis/contract/docs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { enforceRateLimits } from "../rate-limit/enforce.ts";
import type { RateLimitRule } from "../rate-limit/service.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { recordDocsFeedback } from "./service.ts";

/**
 * Generous for a reader rating every page of the site, tight enough that one address cannot flood
 * the table the team reads.
 */
const FEEDBACK_PER_IP: RateLimitRule = { limit: 30, windowSeconds: 3600 };

export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = operationRoutes(app, "documentation");
  route(
    docsOperations.sendDocsFeedback,
    'Answer "Was this page helpful?" for a documentation page; no account needed',
    async (request, reply) => {
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [{ key: `docs-feedback:ip:${request.ip}`, ...FEEDBACK_PER_IP }],
        {
          message: "Too much feedback from this address. Please try again later.",
        },
      );
      if (!isAllowed) return reply;
      await recordDocsFeedback(app.database.db, request.body, app.clock());
      return reply.code(201).send({ received: true as const });
    },
  );
};
