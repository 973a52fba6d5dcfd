import { extensionOperations, HANDOFF_CODE_SECONDS } from "@precis/contract/extension";
import type { Occupation } from "@precis/contract/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendApiError } from "../../lib/api-error.ts";
import { sendFailureResponse } from "../../lib/operations/failures.ts";
import { failureMessages } from "../accounts/failures.ts";
import { getAccountUser } from "../accounts/users.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { checkSessionAgainstFirm, policyMethodOf } from "../firms/live-sessions.ts";
import { checkFirmSignInMethod, firmSignInFailures } from "../firms/sign-in-policy.ts";
import { enforceRateLimits } from "../rate-limit/enforce.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { isRecentlyAuthenticated } from "../sessions/reauthentication.ts";
import { openSession } from "../sessions/service.ts";
import { claimHandoffCode, createHandoffCode } from "./service.ts";

const EXTENSION_ORIGIN = /^chrome-extension:\/\/([a-p]{32})$/;

/** The portal hands its signed-in account to the Precis extension (decision 028). */
export const extensionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, signedInRoute } = operationRoutes(app, "extension");
  const { config } = app;
  const allowedExtensionIds = new Set(config.extensionIds);

  signedInRoute(
    extensionOperations.requestHandoffCode,
    `A single-use code, valid ${HANDOFF_CODE_SECONDS} seconds, that the portal page sends the extension with chrome.runtime.sendMessage; signed in on the portal only. keepSignedIn holds only for a session signed in or confirmed within 15 minutes; otherwise the extension's session ends with this one`,
    async (request, reply, session) => {
      // Codes come from portal pages: an extension, holding a session already, has nothing to hand over.
      if (EXTENSION_ORIGIN.test(request.headers.origin ?? "") || request.headers.authorization?.startsWith("Bearer ")) {
        return sendApiError(reply, 403, "Sign-in codes for the extension come from the portal's pages.");
      }
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [{ key: `handoff:session:${session.id}`, limit: 30, windowSeconds: config.rateLimits.windowSeconds }],
        { message: failureMessages.tooManyAttempts },
      );
      if (!isAllowed) return reply;
      // A session the firm's policy refuses hands nothing over (decision 043).
      const refusal = await checkSessionAgainstFirm(app.database.db, session.userId, session.id);
      if (refusal) return sendFailureResponse(reply, firmSignInFailures[refusal.outcome], refusal);
      reply.header("cache-control", "no-store");
      const now = app.clock();
      const code = await createHandoffCode(app.database.db, {
        userId: session.userId,
        portalSessionId: session.id,
        // A session that outlives its portal session is a new foothold: only a recent proof may choose it
        // (decision 035). Without one the handoff still works, linked to this session.
        isIndependent: request.body.keepSignedIn && isRecentlyAuthenticated(session, now),
        now,
      });
      return { code, expiresInSeconds: HANDOFF_CODE_SECONDS };
    },
  );

  route(
    extensionOperations.exchangeHandoffCode,
    "Exchange a handoff code for the extension's own session (its token and access key, sent as Authorization: Bearer and X-Access-Key); from an allowed extension's origin only",
    async (request, reply) => {
      // Chrome sets an extension's Origin itself; a web page cannot claim one. EXTENSION_IDS names ours.
      const extensionId = EXTENSION_ORIGIN.exec(request.headers.origin ?? "")?.[1];
      if (!extensionId || !allowedExtensionIds.has(extensionId)) {
        return sendApiError(reply, 403, "Only the Precis extension can exchange this code.");
      }
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [
          {
            key: `auth:ip:${request.ip}`,
            limit: config.rateLimits.authPerIp,
            windowSeconds: config.rateLimits.windowSeconds,
          },
        ],
        { message: failureMessages.tooManyAttempts },
      );
      if (!isAllowed) return reply;
      const now = app.clock();
      const handoff = await claimHandoffCode(app.database.db, request.body.code, now);
      if (!handoff) {
        return sendApiError(
          reply,
          401,
          "This sign-in code has expired or was already used. Sign in again on the portal.",
          [{ path: "code", message: "has expired or was used" }],
        );
      }
      // The extension's session is the portal session's, by the same method: the firm's policy holds for it too.
      const refusal = await checkFirmSignInMethod(
        app.database.db,
        handoff.userId,
        policyMethodOf(handoff.portalSignInMethod),
      );
      if (refusal) return sendFailureResponse(reply, firmSignInFailures[refusal.outcome], refusal);
      const user = await getAccountUser(app.database.db, handoff.userId);
      const opened = await openSession(app.database.db, {
        userId: user.id,
        now,
        lifetimes: config.session,
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"],
        isExtension: true,
        linkedSessionId: handoff.portalSessionId,
        isIndependent: handoff.isIndependent,
        authenticatedAt: handoff.portalAuthenticatedAt,
        signInMethod: handoff.portalSignInMethod,
      });
      await recordAuditEvent(app.database.db, getRequestOrigin(request), "extension_signed_in", user.id, {
        isIndependent: handoff.isIndependent,
      });
      reply.header("cache-control", "no-store");
      return {
        Status: "Success" as const,
        Role: user.occupation as Occupation,
        sessionToken: opened.token,
        accessKey: opened.accessKey,
      };
    },
  );
};
