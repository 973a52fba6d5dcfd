import { docsOperations } from "@precis/contract/docs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationRoutes } from "../../lib/operations/routes.ts";
import type { RateLimitRule } from "../rate-limit/service.ts";
import { recordDocsFeedback } from "./service.ts";

/**
 * Generous for a reader rating every page of the site, tight enough that one address cannot flood
 * the table the team reads.
 */
const FEEDBACK_PER_IP: RateLimitRule = { limit: 30, windowSeconds: 3600 };

export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoutes(app, "documentation")(
    docsOperations.sendDocsFeedback,
    {
      summary: 'Answer "Was this page helpful?" for a documentation page; no account needed',
      access: "anyone",
      rateLimits: {
        checks: (request) => [{ key: `docs-feedback:ip:${request.ip}`, ...FEEDBACK_PER_IP }],
        message: "Too much feedback from this address. Please try again later.",
      },
    },
    async (request, _reply, { now }) => {
      await recordDocsFeedback(app.database.db, request.body, now);
      return { received: true as const };
    },
  );
};
