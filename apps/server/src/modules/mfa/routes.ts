import { mfaOperations } from "@precis/contract/mfa";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessions, users } from "../../db/schema/index.ts";
import { oncePerRequest } from "../../lib/operations/once-per-request.ts";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { getAuthDependencies } from "../accounts/dependencies.ts";
import { failureMessages } from "../accounts/failures.ts";
import { getAccountUser } from "../accounts/users.ts";
import { recordAuditEvent } from "../audit/service.ts";
import { sessionEnded } from "../sessions/plugin.ts";
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
  const route = operationRoutes(app, "security");
  const deps = (request: FastifyRequest) => getAuthDependencies(app, request);
  const limits = app.config.rateLimits;

  /** A code typed to prove the owner is a guess like a password: counted per account. */
  const codeGuesses = (userId: number) => [
    { key: `mfa-code:account:${userId}`, limit: limits.loginPerAccount, windowSeconds: limits.windowSeconds },
  ];

  /**
   * No factor is added to an account whose address nobody has proven (issue 42, finding 3): whoever registered
   * someone else's address could otherwise plant a way back in before the owner arrives.
   * Read with the session, in one statement: a request that began before the owner's claim finds the account
   * verified only together with its own session ended by that claim (accounts/claim.ts), and adds nothing.
   */
  const emailVerification = oncePerRequest(async ({ session }: { session: { id: number; userId: number } | null }) => {
    if (!session) return "sessionEnded" as const;
    const [account] = await app.database.db
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, session.id), eq(sessions.userId, session.userId), isNull(sessions.revokedAt)));
    if (!account) return "sessionEnded" as const;
    return account.emailVerifiedAt ? ("verified" as const) : ("emailNotVerified" as const);
  });
  const forVerifiedEmail = { sessionEnded, emailNotVerified: mfaFailures.emailNotVerified };

  route(
    mfaOperations.getMfaStatus,
    {
      summary: "How this account proves who it is: password, authenticator app, recovery codes left, passkeys",
      access: "signedIn",
      cache: "no-store",
    },
    async (_request, _reply, { session }) => getMfaStatus(app.database.db, session.userId),
  );

  route(
    mfaOperations.setUpTotp,
    {
      summary:
        "Start turning the authenticator app on: a new secret and its otpauth:// URI, not in force until a code confirms it (needs a verified email, and a sign-in or confirmation within 15 minutes)",
      access: "recentlySignedIn",
      cache: "no-store",
      failures: { ...forVerifiedEmail, ...mfaFailures.setUpTotp },
    },
    async (request, _reply, { session, fail }) => {
      const verification = await emailVerification(request);
      if (verification !== "verified") return fail(verification);
      const result = await setUpTotp(deps(request), session.userId);
      if (result.outcome !== "started") return fail(result.outcome);
      return { secret: result.secret, otpauthUri: result.otpauthUri };
    },
  );

  route(
    mfaOperations.enableTotp,
    {
      summary:
        "Confirm the app with its first code: it is then in force, and the answer holds ten recovery codes, shown once (needs a verified email)",
      access: "signedIn",
      rateLimits: {
        message: failureMessages.tooManyAttempts,
        // An account that may not add the app spends no guess: it is told why first.
        checks: async (request, session) =>
          (await emailVerification(request)) === "verified" ? codeGuesses(session.userId) : [],
      },
      cache: "no-store",
      failures: { ...forVerifiedEmail, ...mfaFailures.enableTotp },
    },
    async (request, _reply, { session, fail }) => {
      // A setup left waiting from before this rule is not confirmed either.
      const verification = await emailVerification(request);
      if (verification !== "verified") return fail(verification);
      const result = await enableTotp(deps(request), session.userId, request.body.code);
      if (result.outcome !== "enabled") return fail(result.outcome);
      app.mailWorker.nudge();
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  route(
    mfaOperations.disableTotp,
    {
      summary:
        "Turn the authenticator app off with the password or a code (the app's or a recovery code); the recovery codes go with it",
      access: "signedIn",
      rateLimits: {
        message: failureMessages.tooManyAttempts,
        checks: (_request, session) => codeGuesses(session.userId),
      },
      failures: mfaFailures.disableTotp,
    },
    async (request, _reply, { session, fail }) => {
      const result = await disableTotp(deps(request), session.userId, request.body);
      if (result.hasQueuedEmail) app.mailWorker.nudge();
      if (result.outcome !== "disabled") return fail(result.outcome);
      // The password or code just given is a fresh proof of who is at the keyboard.
      await markSessionAuthenticated(app.database.db, session.id, app.clock());
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );

  route(
    mfaOperations.unlockSecondStep,
    {
      summary:
        "Unlock two-step verification locked by too many wrong codes in a row, with the token of the link emailed to the owner (no session needed: the link is the proof)",
      access: "anyone",
      // A token is 256 random bits, yet each try is a guess: counted per client address like a sign-in.
      rateLimits: {
        message: failureMessages.tooManyAttempts,
        checks: (request) => [
          { key: `auth:ip:${request.ip}`, limit: limits.authPerIp, windowSeconds: limits.windowSeconds },
        ],
      },
      failures: mfaFailures.unlockSecondStep,
    },
    async (request, _reply, { fail }) => {
      const result = await unlockSecondStep(deps(request), request.body.token);
      if (result.outcome !== "unlocked") return fail(result.outcome);
      return { Status: "Success" as const };
    },
  );

  route(
    mfaOperations.regenerateRecoveryCodes,
    {
      summary:
        "Replace the recovery codes with ten new ones, shown once (needs a verified email, and a sign-in or confirmation within 15 minutes)",
      access: "recentlySignedIn",
      cache: "no-store",
      failures: { ...forVerifiedEmail, ...mfaFailures.renewRecoveryCodes },
    },
    async (request, _reply, { session, fail }) => {
      const verification = await emailVerification(request);
      if (verification !== "verified") return fail(verification);
      const result = await renewRecoveryCodes(deps(request), session.userId);
      if (result.outcome !== "renewed") return fail(result.outcome);
      app.mailWorker.nudge();
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  route(
    mfaOperations.getPasskeyRegistrationOptions,
    {
      summary:
        "WebAuthn options to create a passkey for this account (needs a verified email, and a sign-in or confirmation within 15 minutes)",
      access: "recentlySignedIn",
      failures: forVerifiedEmail,
    },
    async (request, _reply, { session, now, fail }) => {
      // No challenge is even stored for an account that may not add a passkey.
      const verification = await emailVerification(request);
      if (verification !== "verified") return fail(verification);
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

  route(
    mfaOperations.addPasskey,
    {
      summary:
        "Keep a passkey: the authenticator's answer to the registration options, and its name (needs a verified email, and a sign-in or confirmation within 15 minutes)",
      access: "recentlySignedIn",
      failures: { ...forVerifiedEmail, ...mfaFailures.addPasskey },
    },
    async (request, _reply, { session, now, fail }) => {
      const verification = await emailVerification(request);
      if (verification !== "verified") return fail(verification);
      const result = await finishPasskeyRegistration(app.database.db, app.config, {
        userId: session.userId,
        name: request.body.name,
        response: request.body.response as unknown as RegistrationResponseJSON,
        now,
      });
      if (result.outcome !== "added") return fail(result.outcome);
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

  route(
    mfaOperations.renamePasskey,
    {
      summary: "Rename one of this account's passkeys",
      access: "signedIn",
      failures: { noSuchPasskey: mfaFailures.noSuchPasskey },
    },
    async (request, _reply, { session, fail }) => {
      const renamed = await renamePasskey(app.database.db, {
        userId: session.userId,
        passkeyId: request.params.id,
        name: request.body.name,
      });
      if (!renamed) return fail("noSuchPasskey");
      return toPasskeyView(renamed);
    },
  );

  route(
    mfaOperations.removePasskey,
    {
      summary: "Remove one of this account's passkeys (needs a sign-in or confirmation within 15 minutes)",
      access: "recentlySignedIn",
      failures: { noSuchPasskey: mfaFailures.noSuchPasskey },
    },
    async (request, _reply, { session, fail }) => {
      const removed = await app.database.db.transaction(async (tx) => {
        const passkey = await removePasskey(tx, { userId: session.userId, passkeyId: request.params.id });
        if (!passkey) return null;
        const user = await getAccountUser(tx, session.userId);
        await noticeSecondFactorChange(tx, deps(request), user, "passkeyRemoved", passkey.name);
        await recordAuditEvent(tx, deps(request).origin, "passkey_removed", session.userId, { passkeyId: passkey.id });
        return passkey;
      });
      if (!removed) return fail("noSuchPasskey");
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );
};
