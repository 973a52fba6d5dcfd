import { profileOperations } from "@precis/contract/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendFailureResponse } from "../../lib/operations/failures.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { keepSessionAlive } from "../sessions/service.ts";
import { profileFailures } from "./responses.ts";
import { readSessionProfile, updateProfile } from "./service.ts";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, signedInRoute } = operationRoutes(app, "profile");
  route(
    profileOperations.getUserDetails,
    "The signed-in user's profile; userProfile is null when nobody is signed in",
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { sessionSecrets } = request;
      if (!sessionSecrets) return { userProfile: null };
      const now = app.clock();
      const found = await readSessionProfile(app.database.db, sessionSecrets, now);
      if (!found) return { userProfile: null };
      await keepSessionAlive(app.database.db, found.session, now, app.config.session);
      return { userProfile: found.profile };
    },
    { readsSessionItself: true },
  );

  signedInRoute(
    profileOperations.updateUserDetails,
    "Change the editable profile fields (username and email are read-only: accepted when unchanged, refused when changed)",
    async (request, reply, session) => {
      const result = await updateProfile(app.database.db, session.userId, request.body, app.clock());
      if (result.outcome !== "updated") return sendFailureResponse(reply, profileFailures.update[result.outcome]);
      return { userProfile: result.profile };
    },
  );
};
