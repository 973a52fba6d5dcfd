import { memoSettingsOperations } from "@precis/contract/memo-options";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendApiError } from "../../lib/api-error.ts";
import { sendFailureResponse } from "../../lib/operations/failures.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { requireSession, SESSION_NEEDED } from "../sessions/plugin.ts";
import { keepSessionAlive } from "../sessions/service.ts";
import { memoSettingsFailures } from "./responses.ts";
import {
  createMemoPreset,
  deleteMemoPreset,
  type PresetChangeResult,
  readSessionMemoOptions,
  saveMemoOptions,
  selectMemoPreset,
} from "./service.ts";

/** The session the preValidation hook below let through. */
function callerOf(request: FastifyRequest) {
  if (!request.session) throw new Error("memo settings routes run only for signed-in callers");
  return request.session;
}

function answerPresetChange(reply: FastifyReply, result: PresetChangeResult) {
  if (result.outcome !== "done") return sendFailureResponse(reply, memoSettingsFailures.presetChange[result.outcome]);
  return { options: result.options, selectedOptionId: result.selectedOptionId };
}

export const memoSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = operationRoutes(app, "memo settings");
  // Every operation here needs a session, and says so before it reads the body: a caller without one learns
  // to log in (401), not how the body should have looked (400), and the hostile matrix can check each of them.
  app.addHook("preValidation", async (request, reply) => {
    if (request.routeOptions.config.readsSessionItself) return;
    if (!requireSession(request, reply)) return reply;
  });

  route(
    memoSettingsOperations.getUserOptions,
    "The caller's memo option sets (presets) and the one in use",
    async (request, reply) => {
      const now = app.clock();
      const found =
        request.sessionSecrets && (await readSessionMemoOptions(app.database.db, request.sessionSecrets, now));
      if (!found) return sendApiError(reply, 401, SESSION_NEEDED);
      await keepSessionAlive(app.database.db, found.session, now, app.config.session);
      reply.header("cache-control", "no-store");
      return found.memoOptions;
    },
    { readsSessionItself: true },
  );

  route(
    memoSettingsOperations.saveUserOptions,
    "Save a whole memo option set (id -1 creates one); the selection stays as it is",
    async (request, reply) => {
      const { userId } = callerOf(request);
      const result = await saveMemoOptions(app.database.db, userId, request.body, app.clock());
      if (result.outcome !== "saved") return sendFailureResponse(reply, memoSettingsFailures.save[result.outcome]);
      return { options: result.options, updatedOptionId: result.updatedOptionId };
    },
  );

  route(
    memoSettingsOperations.createMemoPreset,
    "Create a named preset from the defaults, or as a copy of one of the caller's (copyFromId)",
    async (request, reply) => {
      const { userId } = callerOf(request);
      const result = await createMemoPreset(app.database.db, userId, request.body, app.clock());
      if (result.outcome !== "created") return sendFailureResponse(reply, memoSettingsFailures.create[result.outcome]);
      return {
        options: result.options,
        updatedOptionId: result.updatedOptionId,
        selectedOptionId: result.selectedOptionId,
      };
    },
  );

  route(memoSettingsOperations.selectMemoPreset, "Choose the preset the extension uses", async (request, reply) => {
    const { userId } = callerOf(request);
    return answerPresetChange(reply, await selectMemoPreset(app.database.db, userId, request.body.id, app.clock()));
  });

  route(
    memoSettingsOperations.deleteMemoPreset,
    "Delete one of the caller's presets, never the last; the one chosen before it is selected again",
    async (request, reply) => {
      const { userId } = callerOf(request);
      return answerPresetChange(reply, await deleteMemoPreset(app.database.db, userId, request.params.id));
    },
  );
};
