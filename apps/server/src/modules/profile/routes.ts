import { routeUrl } from "@precis/contract/operations";
import { profileOperations } from "@precis/contract/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { documented } from "../../lib/documented-route.ts";
import { sendFailureResponse } from "../accounts/responses.ts";
import { requireSession } from "../sessions/plugin.ts";
import { keepSessionAlive } from "../sessions/service.ts";
import { profileFailures } from "./responses.ts";
import { readSessionProfile, updateProfile } from "./service.ts";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routeUrl(profileOperations.getUserDetails),
    {
      config: { readsSessionItself: true },
      ...documented(
        profileOperations.getUserDetails,
        "profile",
        "The signed-in user's profile; userProfile is null when nobody is signed in",
      ),
    },
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
  );

  app.patch(
    routeUrl(profileOperations.updateUserDetails),
    documented(
      profileOperations.updateUserDetails,
      "profile",
      "Change the editable profile fields (username and email are read-only: accepted when unchanged, refused when changed)",
    ),
    async (request, reply) => {
      const session = requireSession(request, reply);
      if (!session) return reply;
      const result = await updateProfile(app.database.db, session.userId, request.body, app.clock());
      if (result.outcome !== "updated") return sendFailureResponse(reply, profileFailures.update[result.outcome]);
      return { userProfile: result.profile };
    },
  );
};
