import { accountExportSchema } from "@precis/contract/account-export";
import { apiErrorSchema } from "@precis/contract/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendApiError } from "../../plugins/errors.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { enforceRateLimits } from "../rate-limit/enforce.ts";
import { requireRecentAuthentication } from "../sessions/reauthentication.ts";
import { exportAccount } from "./export.ts";

/** Exports are whole-account reads: a few an hour is plenty for a person, and little for a scraper. */
const EXPORTS_PER_HOUR = 5;

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/account/export",
    {
      schema: {
        tags: ["privacy"],
        summary:
          "Download everything Precis keeps about the account as one JSON file (needs a sign-in or confirmation within 15 minutes)",
        response: { 200: accountExportSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const session = requireRecentAuthentication(request, reply, now);
      if (!session) return reply;
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [{ key: `export:account:${session.userId}`, limit: EXPORTS_PER_HOUR, windowSeconds: 3600 }],
        { message: "Too many exports. Please wait an hour and try again." },
      );
      if (!isAllowed) return reply;
      const exported = await exportAccount(app.database.db, app.config, session.userId, now);
      if (!exported) return sendApiError(reply, 401, "You need to log in again.");
      await recordAuditEvent(app.database.db, getRequestOrigin(request), "data_exported", session.userId);
      reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="precis-data-${now.toISOString().slice(0, 10)}.json"`);
      return exported;
    },
  );
};
