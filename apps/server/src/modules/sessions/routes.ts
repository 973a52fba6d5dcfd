import { sessionsOperations } from "@precis/contract/sessions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiFailure } from "../../lib/operations/failures.ts";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { describeUserAgent } from "../../lib/user-agents.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { listLiveSessions, revokeOtherSessions, revokeUserSession } from "./service.ts";

/** Another account's session id is answered as an unknown one: nothing tells the two apart. */
const unknownSession = apiFailure(404, "This session does not exist or has already ended.");

/** The account's sessions and devices (issue 27's Security tab): see them, and sign any of them out. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "security");

  route(
    sessionsOperations.getSessions,
    {
      summary: "Where the account is signed in: each live session's browser, system, address and times",
      access: "signedIn",
      cache: "no-store",
    },
    async (_request, _reply, { session, now }) => {
      const rows = await listLiveSessions(app.database.db, session.userId, now);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          ...describeUserAgent(row.userAgent),
          isExtension: row.isExtension,
          ipAddress: row.ipAddress,
          startedAt: row.createdAt.toISOString(),
          lastActiveAt: row.lastUsedAt.toISOString(),
          isCurrent: row.id === session.id,
        })),
      };
    },
  );

  route(
    sessionsOperations.revokeSession,
    {
      summary:
        "Sign one of the account's sessions out (this one too, which is a logout), with the extension sessions it handed over that were not kept signed in; another session than this one needs a sign-in or confirmation within 15 minutes",
      // Ending one's own session is signing out. Ending another is revoke-others one at a time, and a stolen
      // session must not sign its owner out everywhere that way either (issue 53, finding 7): the same step-up.
      access: (request) => (request.params.id === request.session?.id ? "signedIn" : "recentlySignedIn"),
      failures: { unknownSession },
    },
    async (request, _reply, { session, now, fail }) => {
      const sessionId = request.params.id;
      if (!(await revokeUserSession(app.database.db, session.userId, sessionId, now))) return fail("unknownSession");
      await recordAuditEvent(app.database.db, getRequestOrigin(request), "session_revoked", session.userId, {
        isCurrent: sessionId === session.id,
      });
      return { Status: "Success" as const };
    },
  );

  route(
    sessionsOperations.revokeOtherSessions,
    {
      summary:
        "Sign out every session of the account but this one; needs a sign-in or confirmation within 15 minutes (a stolen session must not lock its owner out)",
      access: "recentlySignedIn",
    },
    async (request, _reply, { session, now }) => {
      const revoked = await revokeOtherSessions(app.database.db, session.userId, session.id, now);
      await recordAuditEvent(app.database.db, getRequestOrigin(request), "sessions_revoked", session.userId, {
        count: revoked,
      });
      return { revoked };
    },
  );
};
