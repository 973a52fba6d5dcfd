import { userDetailsResponseSchema } from "@precis/contract/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getProfile } from "./service.ts";

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
      const userId = request.sessionUserId;
      return { userProfile: userId === null ? null : await getProfile(app.database.db, userId) };
    },
  );
};
