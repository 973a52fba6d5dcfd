import { memoSettingsOperations } from "@precis/contract/memo-options";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { sessionEnded } from "../sessions/plugin.ts";
import { keepSessionAlive } from "../sessions/service.ts";
import { memoSettingsFailures } from "./responses.ts";
import {
  createMemoPreset,
  deleteMemoPreset,
  readSessionMemoOptions,
  saveMemoOptions,
  selectMemoPreset,
} from "./service.ts";

export const memoSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "memo settings");
  // Every operation here needs a session, and says so before it reads the body: a caller without one learns
  // to log in (401), not how the body should have looked (400), and the hostile matrix can check each of them.
  const signedInFirst = { access: "signedIn", sessionBeforeBody: true } as const;

  route(
    memoSettingsOperations.getUserOptions,
    {
      summary: "The caller's memo option sets (presets) and the one in use",
      ...signedInFirst,
      cache: "no-store",
      failures: { sessionEnded },
      // The session and its options are read in one statement (issue 29).
      config: { readsSessionItself: true },
    },
    async (request, _reply, { now, fail }) => {
      const found =
        request.sessionSecrets && (await readSessionMemoOptions(app.database.db, request.sessionSecrets, now));
      if (!found) return fail("sessionEnded");
      await keepSessionAlive(app.database.db, found.session, now, app.config.session);
      return found.memoOptions;
    },
  );

  route(
    memoSettingsOperations.saveUserOptions,
    {
      summary: "Save a whole memo option set (id -1 creates one); the selection stays as it is",
      ...signedInFirst,
      failures: memoSettingsFailures.save,
    },
    async (request, _reply, { session, now, fail }) => {
      const result = await saveMemoOptions(app.database.db, session.userId, request.body, now);
      if (result.outcome !== "saved") return fail(result.outcome);
      return { options: result.options, updatedOptionId: result.updatedOptionId };
    },
  );

  route(
    memoSettingsOperations.createMemoPreset,
    {
      summary: "Create a named preset from the defaults, or as a copy of one of the caller's (copyFromId)",
      ...signedInFirst,
      failures: memoSettingsFailures.create,
    },
    async (request, _reply, { session, now, fail }) => {
      const result = await createMemoPreset(app.database.db, session.userId, request.body, now);
      if (result.outcome !== "created") return fail(result.outcome);
      return {
        options: result.options,
        updatedOptionId: result.updatedOptionId,
        selectedOptionId: result.selectedOptionId,
      };
    },
  );

  route(
    memoSettingsOperations.selectMemoPreset,
    {
      summary: "Choose the preset the extension uses",
      ...signedInFirst,
      failures: memoSettingsFailures.select,
    },
    async (request, _reply, { session, now, fail }) => {
      const result = await selectMemoPreset(app.database.db, session.userId, request.body.id, now);
      if (result.outcome !== "done") return fail(result.outcome);
      return { options: result.options, selectedOptionId: result.selectedOptionId };
    },
  );

  route(
    memoSettingsOperations.deleteMemoPreset,
    {
      summary: "Delete one of the caller's presets, never the last; the one chosen before it is selected again",
      ...signedInFirst,
      failures: memoSettingsFailures.delete,
    },
    async (request, _reply, { session, fail }) => {
      const result = await deleteMemoPreset(app.database.db, session.userId, request.params.id);
      if (result.outcome !== "done") return fail(result.outcome);
      return { options: result.options, selectedOptionId: result.selectedOptionId };
    },
  );
};
