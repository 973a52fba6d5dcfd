import { updateProfileRequestSchema, userDetailsResponseSchema } from "@precis/contract/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireSession } from "../sessions/plugin.ts";
import { readUserDetails, updateProfile } from "./service.ts";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/user-details",
    {
      schema: {
        tags: ["profile"],
        summary: "The signed-in user's profile; userProfile is null when nobody is signed in",
        response: { 200: userDetailsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const userId = request.session?.userId;
      if (userId === undefined) return { userProfile: null };
      return readUserDetails(app, userId);
    },
  );

  app.patch(
    "/api/user-details",
    {
      schema: {
        tags: ["profile"],
        summary: "Change the editable profile fields (email and username are read-only)",
        body: updateProfileRequestSchema,
        response: { 200: userDetailsResponseSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request, reply);
      if (!session) return reply;
      return { userProfile: await updateProfile(app.database.db, session.userId, request.body, app.clock()) };
    },
  );
};
