import type { FastifyReply, FastifyRequest } from "fastify";
import { sendApiError } from "../../lib/api-error.ts";
import { requireSession } from "./plugin.ts";
import type { ActiveSession } from "./service.ts";

/** Sensitive actions need a proof of identity this recent (issue 27). */
export const RECENT_AUTHENTICATION_SECONDS = 15 * 60;

export const REAUTHENTICATION_REQUIRED_MESSAGE = "Confirm who you are to continue.";

/**
 * The session, when its person proved who they are in it within 15 minutes (a sign-in, or POST
 * /api/reauthenticate since; a session handed over to the extension counts only its own confirmations, decision
 * 035); otherwise a 403 that names `reauthentication`, so the page asks and tries again.
 */
export function requireRecentAuthentication(request: FastifyRequest, reply: FastifyReply, now: Date) {
  const session = requireSession(request, reply);
  if (!session) return null;
  if (!isRecentlyAuthenticated(session, now)) {
    void sendApiError(reply, 403, REAUTHENTICATION_REQUIRED_MESSAGE, [
      { path: "reauthentication", message: "is required: the sign-in is older than 15 minutes" },
    ]);
    return null;
  }
  return session;
}

export const isRecentlyAuthenticated = (session: ActiveSession, now: Date) =>
  session.isProofOwn && now.getTime() - session.authenticatedAt.getTime() <= RECENT_AUTHENTICATION_SECONDS * 1000;
