import { LEGAL_DOCUMENTS, type LegalDocument } from "@precis/contract/legal";
import { privacyOperations } from "@precis/contract/privacy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendApiError } from "../../lib/api-error.ts";
import { listConsents, recordConsents } from "../accounts/consents.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { enforceRateLimits } from "../rate-limit/enforce.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { getSessionCookieName, requireSession } from "../sessions/plugin.ts";
import { cancelAccountDeletion, scheduleAccountDeletion } from "./deletion.ts";
import { exportAccount } from "./export.ts";

/** Exports are whole-account reads: a few an hour is plenty for a person, and little for a scraper. */
const EXPORTS_PER_HOUR = 5;

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, signedInRoute, recentlySignedInRoute } = operationRoutes(app, "privacy");
  signedInRoute(
    privacyOperations.getConsents,
    "The Terms and Privacy Policy versions in force, what the account accepted and when",
    async (_request, reply, session) => {
      reply.header("cache-control", "no-store");
      const accepted = await listConsents(app.database.db, session.userId);
      const isAccepted = (document: LegalDocument) =>
        accepted.some((row) => row.document === document && row.version === LEGAL_DOCUMENTS[document].version);
      return {
        current: { terms: LEGAL_DOCUMENTS.terms.version, privacy: LEGAL_DOCUMENTS.privacy.version },
        accepted: accepted.map((row) => ({
          document: row.document,
          version: row.version,
          acceptedAt: row.acceptedAt.toISOString(),
        })),
        isUpToDate: isAccepted("terms") && isAccepted("privacy"),
      };
    },
  );

  signedInRoute(
    privacyOperations.acceptConsents,
    "Accept the Terms and Privacy Policy versions in force (after either changed)",
    async (_request, _reply, session) => {
      await app.database.db.transaction((tx) => recordConsents(tx, session.userId, app.clock()));
      return { Status: "Success" as const };
    },
  );

  recentlySignedInRoute(
    privacyOperations.requestAccountDeletion,
    `Delete my account at the end of the grace period (ACCOUNT_DELETION_GRACE_DAYS); signs every session out and emails a link that cancels (needs a sign-in or confirmation within 15 minutes)`,
    async (request, reply, session, now) => {
      const deletionScheduledFor = await scheduleAccountDeletion(
        app.database.db,
        app.config,
        getRequestOrigin(request),
        session.userId,
        now,
      );
      reply.clearCookie(getSessionCookieName(app.config.env), {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: app.config.env !== "development",
      });
      app.mailWorker.nudge();
      return { Status: "Success" as const, deletionScheduledFor: deletionScheduledFor.toISOString() };
    },
  );

  route(
    privacyOperations.cancelAccountDeletion,
    "Cancel my account's deletion: with the emailed link's token, or signed in",
    async (request, reply) => {
      const { token } = request.body;
      const session = token ? null : requireSession(request, reply);
      if (!token && !session) return reply;
      // Link tokens are 256 random bits, but a guesser still gets a 429 before a real chance.
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [{ key: `deletion-cancel:ip:${request.ip}`, limit: app.config.rateLimits.authPerIp, windowSeconds: 3600 }],
        { message: "Too many attempts. Please wait and try again." },
      );
      if (!isAllowed) return reply;
      const target = token ? { token } : { userId: session?.userId ?? -1 };
      if (!(await cancelAccountDeletion(app.database.db, getRequestOrigin(request), target, app.clock()))) {
        return sendApiError(
          reply,
          404,
          "There is no deletion to cancel: it was cancelled already, or the link is not valid.",
        );
      }
      return { Status: "Success" as const };
    },
  );

  recentlySignedInRoute(
    privacyOperations.exportAccount,
    "Download everything Precis keeps about the account as one JSON file (needs a sign-in or confirmation within 15 minutes)",
    async (request, reply, session, now) => {
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
      // Indented: the file is for the person it describes to read, not only for a machine. Checked against the
      // schema here, as the route's own serializer would have.
      reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="precis-data-${now.toISOString().slice(0, 10)}.json"`)
        .serializer((payload) => JSON.stringify(payload, null, 2));
      return privacyOperations.exportAccount.schemas.response[200].parse(exported);
    },
  );
};
