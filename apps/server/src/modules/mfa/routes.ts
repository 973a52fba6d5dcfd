import { mfaOperations } from "@precis/contract/mfa";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessions, users } from "../../db/schema/index.ts";
import { sendApiError } from "../../lib/api-error.ts";
import { sendFailureResponse } from "../../lib/operations/failures.ts";
import { getAuthDependencies } from "../accounts/dependencies.ts";
import { failureMessages } from "../accounts/failures.ts";
import { getAccountUser } from "../accounts/users.ts";
import { recordAuditEvent } from "../audit/service.ts";
import { enforceRateLimits } from "../rate-limit/enforce.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { requireSession, SESSION_NEEDED } from "../sessions/plugin.ts";
import { markSessionAuthenticated } from "../sessions/service.ts";
import {
  finishPasskeyRegistration,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
  toPasskeyView,
} from "./passkeys.ts";
import { mfaFailures } from "./responses.ts";
import { unlockSecondStep } from "./second-factor.ts";
import {
  disableTotp,
  enableTotp,
  getMfaStatus,
  noticeSecondFactorChange,
  renewRecoveryCodes,
  setUpTotp,
} from "./service.ts";

/** The authenticator app, recovery codes and passkeys of the signed-in account (Profile › Security). */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, signedInRoute, recentlySignedInRoute } = operationRoutes(app, "security");
  const deps = (request: FastifyRequest) => getAuthDependencies(app, request);
  const limits = app.config.rateLimits;

  /** A code typed to prove the owner is a guess like a password: counted per account. */
  const isWithinCodeLimit = (reply: FastifyReply, userId: number) =>
    enforceRateLimits(
      app,
      reply,
      [{ key: `mfa-code:account:${userId}`, limit: limits.loginPerAccount, windowSeconds: limits.windowSeconds }],
      {
        message: failureMessages.tooManyAttempts,
      },
    );

  /**
   * No factor is added to an account whose address nobody has proven (issue 42, finding 3): whoever registered
   * someone else's address could otherwise plant a way back in before the owner arrives. True, or a 403 sent.
   * Read with the session, in one statement: a request that began before the owner's claim finds the account
   * verified only together with its own session ended by that claim (accounts/claim.ts), and adds nothing.
   */
  const isEmailVerified = async (reply: FastifyReply, session: { id: number; userId: number }) => {
    const [account] = await app.database.db
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, session.id), eq(sessions.userId, session.userId), isNull(sessions.revokedAt)));
    if (!account) {
      void sendApiError(reply, 401, SESSION_NEEDED);
      return false;
    }
    if (account.emailVerifiedAt) return true;
    void sendFailureResponse(reply, mfaFailures.emailNotVerified);
    return false;
  };

  signedInRoute(
    mfaOperations.getMfaStatus,
    "How this account proves who it is: password, authenticator app, recovery codes left, passkeys",
    async (_request, reply, session) => {
      reply.header("cache-control", "no-store");
      return getMfaStatus(app.database.db, session.userId);
    },
  );

  recentlySignedInRoute(
    mfaOperations.setUpTotp,
    "Start turning the authenticator app on: a new secret and its otpauth:// URI, not in force until a code confirms it (needs a verified email, and a sign-in or confirmation within 15 minutes)",
    async (request, reply, session) => {
      if (!(await isEmailVerified(reply, session))) return reply;
      reply.header("cache-control", "no-store");
      const result = await setUpTotp(deps(request), session.userId);
      if (result.outcome !== "started") return sendFailureResponse(reply, mfaFailures.setUpTotp[result.outcome]);
      return { secret: result.secret, otpauthUri: result.otpauthUri };
    },
  );

  signedInRoute(
    mfaOperations.enableTotp,
    "Confirm the app with its first code: it is then in force, and the answer holds ten recovery codes, shown once (needs a verified email)",
    async (request, reply, session) => {
      // A setup left waiting from before this rule is not confirmed either.
      if (!(await isEmailVerified(reply, session))) return reply;
      if (!(await isWithinCodeLimit(reply, session.userId))) return reply;
      reply.header("cache-control", "no-store");
      const result = await enableTotp(deps(request), session.userId, request.body.code);
      if (result.outcome !== "enabled") return sendFailureResponse(reply, mfaFailures.enableTotp[result.outcome]);
      app.mailWorker.nudge();
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  signedInRoute(
    mfaOperations.disableTotp,
    "Turn the authenticator app off with the password or a code (the app's or a recovery code); the recovery codes go with it",
    async (request, reply, session) => {
      if (!(await isWithinCodeLimit(reply, session.userId))) return reply;
      const result = await disableTotp(deps(request), session.userId, request.body);
      if (result.hasQueuedEmail) app.mailWorker.nudge();
      if (result.outcome !== "disabled") return sendFailureResponse(reply, mfaFailures.disableTotp[result.outcome]);
      // The password or code just given is a fresh proof of who is at the keyboard.
      await markSessionAuthenticated(app.database.db, session.id, app.clock());
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );

  route(
    mfaOperations.unlockSecondStep,
    "Unlock two-step verification locked by too many wrong codes in a row, with the token of the link emailed to the owner (no session needed: the link is the proof)",
    async (request, reply) => {
      // A token is 256 random bits, yet each try is a guess: counted per client address like a sign-in.
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [{ key: `auth:ip:${request.ip}`, limit: limits.authPerIp, windowSeconds: limits.windowSeconds }],
        { message: failureMessages.tooManyAttempts },
      );
      if (!isAllowed) return reply;
      const result = await unlockSecondStep(deps(request), request.body.token);
      if (result.outcome !== "unlocked")
        return sendFailureResponse(reply, mfaFailures.unlockSecondStep[result.outcome]);
      return { Status: "Success" as const };
    },
  );

  recentlySignedInRoute(
    mfaOperations.regenerateRecoveryCodes,
    "Replace the recovery codes with ten new ones, shown once (needs a verified email, and a sign-in or confirmation within 15 minutes)",
    async (request, reply, session) => {
      if (!(await isEmailVerified(reply, session))) return reply;
      reply.header("cache-control", "no-store");
      const result = await renewRecoveryCodes(deps(request), session.userId);
      if (result.outcome !== "renewed") {
        return sendFailureResponse(reply, mfaFailures.renewRecoveryCodes[result.outcome]);
      }
      app.mailWorker.nudge();
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  recentlySignedInRoute(
    mfaOperations.getPasskeyRegistrationOptions,
    "WebAuthn options to create a passkey for this account (needs a verified email, and a sign-in or confirmation within 15 minutes)",
    async (_request, reply, session, now) => {
      // No challenge is even stored for an account that may not add a passkey.
      if (!(await isEmailVerified(reply, session))) return reply;
      const user = await getAccountUser(app.database.db, session.userId);
      const displayName = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
      return startPasskeyRegistration(
        app.database.db,
        app.config,
        { id: user.id, email: user.email, displayName },
        now,
      );
    },
  );

  recentlySignedInRoute(
    mfaOperations.addPasskey,
    "Keep a passkey: the authenticator's answer to the registration options, and its name (needs a verified email, and a sign-in or confirmation within 15 minutes)",
    async (request, reply, session, now) => {
      if (!(await isEmailVerified(reply, session))) return reply;
      const result = await finishPasskeyRegistration(app.database.db, app.config, {
        userId: session.userId,
        name: request.body.name,
        response: request.body.response as unknown as RegistrationResponseJSON,
        now,
      });
      if (result.outcome !== "added") return sendFailureResponse(reply, mfaFailures.addPasskey[result.outcome]);
      const added = result.passkey;
      await app.database.db.transaction(async (tx) => {
        const user = await getAccountUser(tx, session.userId);
        await noticeSecondFactorChange(tx, deps(request), user, "passkeyAdded", added.name);
        await recordAuditEvent(tx, deps(request).origin, "passkey_added", session.userId, { passkeyId: added.id });
      });
      app.mailWorker.nudge();
      return toPasskeyView(added);
    },
  );

  route(mfaOperations.renamePasskey, "Rename one of this account's passkeys", async (request, reply) => {
    const session = requireSession(request, reply);
    if (!session) return reply;
    const renamed = await renamePasskey(app.database.db, {
      userId: session.userId,
      passkeyId: request.params.id,
      name: request.body.name,
    });
    if (!renamed) return sendFailureResponse(reply, mfaFailures.noSuchPasskey);
    return toPasskeyView(renamed);
  });

  recentlySignedInRoute(
    mfaOperations.removePasskey,
    "Remove one of this account's passkeys (needs a sign-in or confirmation within 15 minutes)",
    async (request, reply, session) => {
      const removed = await app.database.db.transaction(async (tx) => {
        const passkey = await removePasskey(tx, { userId: session.userId, passkeyId: request.params.id });
        if (!passkey) return null;
        const user = await getAccountUser(tx, session.userId);
        await noticeSecondFactorChange(tx, deps(request), user, "passkeyRemoved", passkey.name);
        await recordAuditEvent(tx, deps(request).origin, "passkey_removed", session.userId, { passkeyId: passkey.id });
        return passkey;
      });
      if (!removed) return sendFailureResponse(reply, mfaFailures.noSuchPasskey);
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );
};
