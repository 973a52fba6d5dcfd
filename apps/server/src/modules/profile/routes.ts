import { profileOperations } from "@precis/contract/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { keepSessionAlive } from "../sessions/service.ts";
import { profileFailures } from "./responses.ts";
import { readSessionProfile, updateProfile } from "./service.ts";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "profile");
  route(
    profileOperations.getUserDetails,
    {
      summary: "The signed-in user's profile; userProfile is null when nobody is signed in",
      access: "anyone",
      cache: "no-store",
      config: { readsSessionItself: true },
    },
    async (request) => {
      const { sessionSecrets } = request;
      if (!sessionSecrets) return { userProfile: null };
      const now = app.clock();
      const found = await readSessionProfile(app.database.db, sessionSecrets, now);
      if (!found) return { userProfile: null };
      await keepSessionAlive(app.database.db, found.session, now, app.config.session);
      return { userProfile: found.profile };
    },
  );

  route(
    profileOperations.updateUserDetails,
    {
      summary:
        "Change the editable profile fields (username and email are read-only: accepted when unchanged, refused when changed)",
      access: "signedIn",
      failures: profileFailures.update,
    },
    async (request, _reply, { session, now, fail }) => {
      const result = await updateProfile(app.database.db, session.userId, request.body, now);
      if (result.outcome !== "updated") return fail(result.outcome);
      return { userProfile: result.profile };
    },
  );
};
