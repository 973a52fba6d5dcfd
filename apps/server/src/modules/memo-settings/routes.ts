import {
  saveMemoOptionSetRequestSchema,
  saveUserOptionsResponseSchema,
  userOptionsResponseSchema,
} from "@precis/contract/memo-options";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendApiError } from "../../plugins/errors.ts";
import { requireSession } from "../sessions/plugin.ts";
import { getMemoOptions, MAX_OPTION_SETS_PER_USER, saveMemoOptions } from "./service.ts";

export const memoSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/user-options",
    {
      schema: {
        tags: ["memo settings"],
        summary: "The caller's memo option sets and the one in use",
        response: { 200: userOptionsResponseSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request, reply);
      if (!session) return reply;
      reply.header("cache-control", "no-store");
      return app.reuseRead(`memo-options:${session.userId}`, () => getMemoOptions(app.database.db, session.userId));
    },
  );

  app.put(
    "/api/user-options",
    {
      schema: {
        tags: ["memo settings"],
        summary: "Save a whole memo option set (id -1 creates one); it becomes the one in use",
        body: saveMemoOptionSetRequestSchema,
        response: { 200: saveUserOptionsResponseSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request, reply);
      if (!session) return reply;
      const result = await saveMemoOptions(app.database.db, session.userId, request.body, app.clock());
      switch (result.outcome) {
        case "saved":
          return { options: result.options, updatedOptionId: result.updatedOptionId };
        case "notFound":
          return sendApiError(reply, 404, "This option set does not exist.");
        case "tooMany":
          return sendApiError(reply, 409, `You can keep at most ${MAX_OPTION_SETS_PER_USER} option sets.`);
      }
    },
  );
};
