import { LEGAL_DOCUMENTS, type LegalDocument } from "@precis/contract/legal";
import { privacyOperations } from "@precis/contract/privacy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiFailure } from "../../lib/operations/failures.ts";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { listConsents, recordConsents } from "../accounts/consents.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { getSessionCookieName, sessionEnded } from "../sessions/plugin.ts";
import { cancelAccountDeletion, scheduleAccountDeletion } from "./deletion.ts";
import { exportAccount } from "./export.ts";

/** Exports are whole-account reads: a few an hour is plenty for a person, and little for a scraper. */
const EXPORTS_PER_HOUR = 5;

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "privacy");
  route(
    privacyOperations.getConsents,
    {
      summary: "The Terms and Privacy Policy versions in force, what the account accepted and when",
      access: "signedIn",
      cache: "no-store",
    },
    async (_request, _reply, { session }) => {
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

  route(
    privacyOperations.acceptConsents,
    {
      summary: "Accept the Terms and Privacy Policy versions in force (after either changed)",
      access: "signedIn",
    },
    async (_request, _reply, { session, now }) => {
      await app.database.db.transaction((tx) => recordConsents(tx, session.userId, now));
      return { Status: "Success" as const };
    },
  );

  route(
    privacyOperations.requestAccountDeletion,
    {
      summary:
        "Delete my account at the end of the grace period (ACCOUNT_DELETION_GRACE_DAYS); signs every session out and emails a link that cancels (needs a sign-in or confirmation within 15 minutes)",
      access: "recentlySignedIn",
    },
    async (request, reply, { session, now }) => {
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
    {
      summary: "Cancel my account's deletion: with the emailed link's token, or signed in",
      // The emailed link works signed out: its token is the proof.
      access: (request) => (request.body.token ? "anyone" : "signedIn"),
      // Link tokens are 256 random bits, but a guesser still gets a 429 before a real chance.
      rateLimits: {
        checks: (request) => [
          { key: `deletion-cancel:ip:${request.ip}`, limit: app.config.rateLimits.authPerIp, windowSeconds: 3600 },
        ],
      },
      failures: {
        nothingToCancel: apiFailure(
          404,
          "There is no deletion to cancel: it was cancelled already, or the link is not valid.",
        ),
      },
    },
    async (request, _reply, { session, now, fail }) => {
      const { token } = request.body;
      const target = token ? { token } : { userId: session?.userId ?? -1 };
      if (!(await cancelAccountDeletion(app.database.db, getRequestOrigin(request), target, now))) {
        return fail("nothingToCancel");
      }
      return { Status: "Success" as const };
    },
  );

  route(
    privacyOperations.exportAccount,
    {
      summary:
        "Download everything Precis keeps about the account as one JSON file (needs a sign-in or confirmation within 15 minutes)",
      access: "recentlySignedIn",
      rateLimits: {
        checks: (_request, session) => [
          { key: `export:account:${session.userId}`, limit: EXPORTS_PER_HOUR, windowSeconds: 3600 },
        ],
        message: "Too many exports. Please wait an hour and try again.",
      },
      cache: "no-store",
      failures: { sessionEnded },
    },
    async (request, reply, { session, now, fail }) => {
      const exported = await exportAccount(app.database.db, app.config, session.userId, now);
      if (!exported) return fail("sessionEnded");
      await recordAuditEvent(app.database.db, getRequestOrigin(request), "data_exported", session.userId);
      // Indented: the file is for the person it describes to read, not only for a machine. Checked against the
      // schema here, as the route's own serializer would have.
      reply
        .header("content-disposition", `attachment; filename="precis-data-${now.toISOString().slice(0, 10)}.json"`)
        .serializer((payload) => JSON.stringify(payload, null, 2));
      return privacyOperations.exportAccount.schemas.response[200].parse(exported);
    },
  );
};
