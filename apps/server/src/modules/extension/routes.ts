import { extensionOperations, HANDOFF_CODE_SECONDS } from "@precis/contract/extension";
import type { Occupation } from "@precis/contract/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiFailure } from "../../lib/operations/failures.ts";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { getAccountUser } from "../accounts/users.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { checkSessionAgainstFirm, policyMethodOf } from "../firms/live-sessions.ts";
import { checkFirmSignInMethod, firmSignInFailures } from "../firms/sign-in-policy.ts";
import { isRecentlyAuthenticated } from "../sessions/reauthentication.ts";
import { openSession } from "../sessions/service.ts";
import { claimHandoffCode, createHandoffCode } from "./service.ts";

const EXTENSION_ORIGIN = /^chrome-extension:\/\/([a-p]{32})$/;

/** The portal hands its signed-in account to the Precis extension (decision 028). */
export const extensionRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "extension");
  const { config } = app;
  const allowedExtensionIds = new Set(config.extensionIds);
  // Codes come from portal pages: an extension, holding a session already, has nothing to hand over.
  const isFromExtension = (headers: { origin?: string; authorization?: string }) =>
    EXTENSION_ORIGIN.test(headers.origin ?? "") || Boolean(headers.authorization?.startsWith("Bearer "));
  // Chrome sets an extension's Origin itself; a web page cannot claim one. EXTENSION_IDS names ours.
  const allowedExtensionOf = (origin: string | undefined) => {
    const extensionId = EXTENSION_ORIGIN.exec(origin ?? "")?.[1];
    return extensionId && allowedExtensionIds.has(extensionId) ? extensionId : null;
  };

  route(
    extensionOperations.requestHandoffCode,
    {
      summary: `A single-use code, valid ${HANDOFF_CODE_SECONDS} seconds, that the portal page sends the extension with chrome.runtime.sendMessage; signed in on the portal only. keepSignedIn holds only for a session signed in or confirmed within 15 minutes; otherwise the extension's session ends with this one`,
      access: "signedIn",
      // A call the handler refuses for where it comes from is not counted.
      rateLimits: {
        checks: (request, session) =>
          isFromExtension(request.headers)
            ? []
            : [
                {
                  key: `handoff:session:${session.id}`,
                  limit: 30,
                  windowSeconds: config.rateLimits.windowSeconds,
                },
              ],
      },
      cache: "no-store",
      failures: {
        notFromPortal: apiFailure(403, "Sign-in codes for the extension come from the portal's pages."),
        ...firmSignInFailures,
      },
    },
    async (request, _reply, { session, now, fail }) => {
      if (isFromExtension(request.headers)) return fail("notFromPortal");
      // A session the firm's policy refuses hands nothing over (decision 043).
      const refusal = await checkSessionAgainstFirm(app.database.db, session.userId, session.id);
      if (refusal) return fail(refusal.outcome, refusal);
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
    {
      summary:
        "Exchange a handoff code for the extension's own session (its token and access key, sent as Authorization: Bearer and X-Access-Key); from an allowed extension's origin only",
      access: "anyone",
      rateLimits: {
        checks: (request) =>
          allowedExtensionOf(request.headers.origin)
            ? [
                {
                  key: `auth:ip:${request.ip}`,
                  limit: config.rateLimits.authPerIp,
                  windowSeconds: config.rateLimits.windowSeconds,
                },
              ]
            : [],
      },
      cache: "no-store",
      failures: {
        notFromExtension: apiFailure(403, "Only the Precis extension can exchange this code."),
        codeUsedOrExpired: apiFailure(
          401,
          "This sign-in code has expired or was already used. Sign in again on the portal.",
          [{ path: "code", message: "has expired or was used" }],
        ),
        ...firmSignInFailures,
      },
    },
    async (request, _reply, { now, fail }) => {
      if (!allowedExtensionOf(request.headers.origin)) return fail("notFromExtension");
      const handoff = await claimHandoffCode(app.database.db, request.body.code, now);
      if (!handoff) return fail("codeUsedOrExpired");
      // The extension's session is the portal session's, by the same method: the firm's policy holds for it too.
      const refusal = await checkFirmSignInMethod(
        app.database.db,
        handoff.userId,
        policyMethodOf(handoff.portalSignInMethod),
      );
      if (refusal) return fail(refusal.outcome, refusal);
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
      return {
        Status: "Success" as const,
        Role: user.occupation as Occupation,
        sessionToken: opened.token,
        accessKey: opened.accessKey,
      };
    },
  );
};
