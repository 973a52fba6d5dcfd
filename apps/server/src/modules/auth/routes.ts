import { type Language, languageSchema } from "@precis/contract/auth";
import { authOperations } from "@precis/contract/auth-operations";
import { emailSchema } from "@precis/contract/profile";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendApiError } from "../../lib/api-error.ts";
import { parseBasicAuthorization } from "../../lib/http-basic.ts";
import { sendFailureResponse } from "../../lib/operations/failures.ts";
import { getAuthDependencies, recordLockout } from "../accounts/dependencies.ts";
import { failureMessages } from "../accounts/failures.ts";
import { answerSignedIn } from "../accounts/responses.ts";
import { getAccountUser } from "../accounts/users.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { startPasskeyAuthentication } from "../mfa/passkeys.ts";
import { findPendingSignIn } from "../mfa/second-factor.ts";
import { enforceRateLimits, refundRateLimits } from "../rate-limit/enforce.ts";
import { browserOf, findKnownDevice, presentedBrowserOf } from "../sessions/known-devices.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { authFailures } from "./responses.ts";
import {
  changePassword,
  completeSecondFactor,
  logInWithPasskey,
  logInWithPassword,
  reauthenticate,
  registerAccount,
  requestPasswordReset,
  resetPassword,
} from "./service.ts";

/** The email and secret of an HTTP Basic header, with the email normalised; null after a 400 was sent. */
function readBasicCredentials(request: FastifyRequest, reply: FastifyReply, options: { allowEmptySecret: boolean }) {
  const credentials = parseBasicAuthorization(request.headers.authorization);
  if (!credentials) {
    void sendApiError(reply, 400, "Send the email and password as HTTP Basic authorization.");
    return null;
  }
  const email = emailSchema.safeParse(credentials.user);
  if (!email.success) {
    void sendApiError(reply, 400, "The email address is not valid.", [
      { path: "email", message: "is not a valid email" },
    ]);
    return null;
  }
  if ((!options.allowEmptySecret && credentials.secret.length === 0) || credentials.secret.length > 1024) {
    void sendApiError(reply, 400, "The password is missing or too long.", [
      { path: "password", message: "is required" },
    ]);
    return null;
  }
  return { email: email.data, secret: credentials.secret };
}

/** The request's language for emails: the body's choice, else the browser's preference, else English. */
function languageOf(request: FastifyRequest, chosen?: Language): Language {
  if (chosen) return chosen;
  const preferred = request.headers["accept-language"]?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  return languageSchema.safeParse(preferred).data ?? "en";
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const accountRoutes = operationRoutes(app, "accounts");
  const securityRoutes = operationRoutes(app, "security");
  const { config } = app;
  const limits = config.rateLimits;
  const deps = (request: FastifyRequest) => getAuthDependencies(app, request);

  /**
   * The limits a guess at an account's secret counts against (NIST SP 800-63B 5.2.2), so that nobody can lock the
   * owner out: a browser that has signed in to this account before is its owner's, and counts only against
   * itself; any other attempt counts against its client address, against the account from that address, and
   * against the account from all addresses together (a high bound, only reached by a spread-out attack).
   */
  async function guessLimits(
    request: FastifyRequest,
    kind: "login" | "second-factor" | "reset-request" | "reset",
    email: string,
    perAccount: number,
    windowSeconds = limits.windowSeconds,
  ) {
    const device = await findKnownDevice(app.database.db, config.env, request, email);
    if (device) return [{ key: `${kind}:device:${device}`, limit: perAccount, windowSeconds }];
    return [
      { key: `auth:ip:${request.ip}`, limit: limits.authPerIp, windowSeconds: limits.windowSeconds },
      { key: `${kind}:account-ip:${email}:${request.ip}`, limit: perAccount, windowSeconds },
      { key: `${kind}:account:${email}`, limit: limits.perAccountAllAddresses, windowSeconds },
    ];
  }

  /** Each check with its window: its own, or the configured one. */
  const withWindows = (checks: { key: string; limit: number; windowSeconds?: number }[]) =>
    checks.map((check) => ({ ...check, windowSeconds: check.windowSeconds ?? limits.windowSeconds }));

  /** Counts the attempt against every key given; true when all allow it, else a 429 was sent. */
  function isWithinLimits(
    request: FastifyRequest,
    reply: FastifyReply,
    checks: { key: string; limit: number; windowSeconds?: number }[],
  ) {
    return enforceRateLimits(app, reply, withWindows(checks), {
      message: failureMessages.tooManyAttempts,
      onRefused: (check) => recordLockout(app, request, check),
    });
  }

  accountRoutes.route(
    authOperations.register,
    "Create an account with email and password, and log in",
    async (request, reply) => {
      if (
        !(await isWithinLimits(request, reply, [
          { key: `register:ip:${request.ip}`, limit: limits.registerPerIp, windowSeconds: 3600 },
        ]))
      )
        return reply;
      const result = await registerAccount(deps(request), request.body, languageOf(request, request.body.language));
      if (result.outcome !== "registered") return sendFailureResponse(reply, authFailures.register[result.outcome]);
      app.mailWorker.nudge();
      return answerSignedIn(reply, result.user, "password");
    },
  );

  accountRoutes.route(
    authOperations.logIn,
    "Log in with HTTP Basic email and password; answers the X-Access-Key header and a session cookie, or, when the account has the authenticator app on, a token for POST /api/login/second-factor",
    async (request, reply) => {
      const credentials = readBasicCredentials(request, reply, { allowEmptySecret: false });
      if (!credentials) return reply;
      // A limit answers the same whether or not the password was right; a right one then gives its count back,
      // so only wrong guesses add up to a lockout.
      const checks = withWindows(await guessLimits(request, "login", credentials.email, limits.loginPerAccount));
      if (!(await isWithinLimits(request, reply, checks))) return reply;
      const result = await logInWithPassword(deps(request), credentials.email, credentials.secret);
      if (result.outcome === "loggedIn" || result.outcome === "secondFactorRequired") {
        await refundRateLimits(app, checks);
      }
      switch (result.outcome) {
        case "loggedIn":
          return answerSignedIn(reply, result.user, "password");
        case "secondFactorRequired":
          reply.header("cache-control", "no-store");
          return { Status: "SecondFactorRequired" as const, secondFactorToken: result.secondFactorToken };
        default:
          return sendFailureResponse(reply, authFailures.logIn[result.outcome], result);
      }
    },
  );

  accountRoutes.route(
    authOperations.logInSecondFactor,
    "The second step of a password login: the first step's token and the authenticator app's code or a recovery code; answers as a login does",
    async (request, reply) => {
      const dependencies = deps(request);
      const pending = await findPendingSignIn(app.database.db, request.body.secondFactorToken, dependencies.now);
      if (!pending) return sendFailureResponse(reply, authFailures.secondStepExpired);
      const user = await getAccountUser(app.database.db, pending.userId);
      // A guess at the code is a guess like a password's, under the same limits.
      const isAllowed = await isWithinLimits(
        request,
        reply,
        await guessLimits(request, "second-factor", user.email, limits.loginPerAccount),
      );
      if (!isAllowed) return reply;
      const result = await completeSecondFactor(dependencies, pending, request.body.code);
      if (result.outcome !== "loggedIn" && result.hasQueuedEmail) app.mailWorker.nudge();
      if (result.outcome === "loggedIn") return answerSignedIn(reply, result.user, "password");
      return sendFailureResponse(reply, authFailures.secondFactor[result.outcome], result);
    },
  );

  accountRoutes.route(
    authOperations.getPasskeyLoginOptions,
    "WebAuthn options to sign in with a passkey (any of this site's passkeys the browser holds)",
    async (request, reply) => {
      // Each call stores a challenge: counted per client address like every sign-in attempt.
      const isAllowed = await isWithinLimits(request, reply, [
        { key: `auth:ip:${request.ip}`, limit: limits.authPerIp },
      ]);
      if (!isAllowed) return reply;
      reply.header("cache-control", "no-store");
      return startPasskeyAuthentication(app.database.db, app.config, { userId: null, now: app.clock() });
    },
  );

  accountRoutes.route(
    authOperations.logInWithPasskey,
    "Sign in with a passkey's answer to the options; answers as a login does, the session cookie and the X-Access-Key header (no second step)",
    async (request, reply) => {
      const isAllowed = await isWithinLimits(request, reply, [
        { key: `auth:ip:${request.ip}`, limit: limits.authPerIp },
      ]);
      if (!isAllowed) return reply;
      const result = await logInWithPasskey(
        deps(request),
        request.body.response as unknown as AuthenticationResponseJSON,
      );
      if (result.outcome === "loggedIn") return answerSignedIn(reply, result.user, "passkey");
      return sendFailureResponse(reply, authFailures.passkey[result.outcome], result);
    },
  );

  accountRoutes.route(
    authOperations.logOut,
    "End this session on the server (needs X-Requested-With and the access key, like every change); without a session cookie there is nothing to end",
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (request.session) {
        await recordAuditEvent(app.database.db, getRequestOrigin(request), "logged_out", request.session.userId);
        // The session ends on the server in the same step as its cookie is cleared.
        await reply.endSession();
        return { Status: "Success" as const };
      }
      // A cookie without its key proves nothing: it is left as it is, and so is its session.
      if (reply.hasSessionCookie()) return sendApiError(reply, 401, "You need to log in again.");
      return { Status: "Success" as const };
    },
    // A foreign page could otherwise log anyone out with an <img>: the marker and the key are required.
    { isStateChangingGet: true },
  );

  securityRoutes.signedInRoute(
    authOperations.changePassword,
    "Change the password with the current one, or set a first one for a Google or Microsoft account after a recent sign-in; every other session is signed out, this one stays",
    async (request, reply, session) => {
      // A guess at the current password is a guess like a login's.
      const isAllowed = await isWithinLimits(request, reply, [
        { key: `change-password:account:${session.userId}`, limit: limits.loginPerAccount },
      ]);
      if (!isAllowed) return reply;
      const result = await changePassword(deps(request), session, request.body);
      if (result.outcome !== "changed") return sendFailureResponse(reply, authFailures.changePassword[result.outcome]);
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );

  securityRoutes.signedInRoute(
    authOperations.reauthenticate,
    "Confirm who you are with your password, a code (the authenticator app's or a recovery code) or a passkey; sensitive actions then work for 15 minutes",
    async (request, reply, session) => {
      const isAllowed = await isWithinLimits(request, reply, [
        { key: `reauth:account:${session.userId}`, limit: limits.loginPerAccount },
      ]);
      if (!isAllowed) return reply;
      const result = await reauthenticate(deps(request), session, request.body);
      if (result.hasQueuedEmail) app.mailWorker.nudge();
      if (result.outcome !== "confirmed")
        return sendFailureResponse(reply, authFailures.reauthenticate[result.outcome], result);
      return { Status: "Success" as const };
    },
  );

  securityRoutes.signedInRoute(
    authOperations.getReauthenticationPasskeyOptions,
    "WebAuthn options to confirm who you are with one of this account's passkeys",
    async (_request, reply, session) => {
      reply.header("cache-control", "no-store");
      return startPasskeyAuthentication(app.database.db, app.config, { userId: session.userId, now: app.clock() });
    },
  );

  accountRoutes.route(
    authOperations.findUser,
    "Email a security code for a password reset (HTTP Basic: the email and an empty password)",
    async (request, reply) => {
      const credentials = readBasicCredentials(request, reply, { allowEmptySecret: true });
      if (!credentials) return reply;
      const isAllowed = await isWithinLimits(
        request,
        reply,
        await guessLimits(request, "reset-request", credentials.email, limits.resetPerAccount, 3600),
      );
      if (!isAllowed) return reply;
      // The browser that asks keeps its own tries at the code, on any network (issue 53, finding 8).
      const result = await requestPasswordReset(deps(request), credentials.email, browserOf(request, reply, config));
      if (result.outcome !== "codeSent") return sendFailureResponse(reply, authFailures.requestReset[result.outcome]);
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );

  accountRoutes.route(
    authOperations.resetPassword,
    "Set a new password with the emailed security code (HTTP Basic: the email and the new password)",
    async (request, reply) => {
      const credentials = readBasicCredentials(request, reply, { allowEmptySecret: false });
      if (!credentials) return reply;
      const isAllowed = await isWithinLimits(
        request,
        reply,
        await guessLimits(request, "reset", credentials.email, limits.loginPerAccount),
      );
      if (!isAllowed) return reply;
      const result = await resetPassword(deps(request), {
        email: credentials.email,
        password: credentials.secret,
        code: request.body.secret_code,
        browser: presentedBrowserOf(request, config.env),
      });
      if (result.outcome !== "reset") return sendFailureResponse(reply, authFailures.resetPassword[result.outcome]);
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );
};
