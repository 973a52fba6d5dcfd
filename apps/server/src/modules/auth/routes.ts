import { authOperations } from "@precis/contract/auth-operations";
import { emailSchema } from "@precis/contract/profile";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { parseBasicAuthorization } from "../../lib/http-basic.ts";
import { oncePerRequest } from "../../lib/operations/once-per-request.ts";
import { operationRoutes, type RateLimitCheck } from "../../lib/operations/routes.ts";
import { pageLanguageOf, requestLanguageOf } from "../../lib/request-language.ts";
import { getAuthDependencies, recordLockout } from "../accounts/dependencies.ts";
import { failureMessages } from "../accounts/failures.ts";
import { answerSignedIn } from "../accounts/responses.ts";
import { getAccountUser } from "../accounts/users.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { startPasskeyAuthentication } from "../mfa/passkeys.ts";
import { findPendingSignIn } from "../mfa/second-factor.ts";
import { refundRateLimits } from "../rate-limit/enforce.ts";
import { browserOf, findKnownDevice, presentedBrowserOf } from "../sessions/known-devices.ts";
import { sessionEnded } from "../sessions/plugin.ts";
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

/** What the HTTP Basic header of a route carries: an email and a password, or (a reset's request) an email only. */
type BasicCredentialsRule = { readonly allowEmptySecret: boolean };
const emailAndPassword: BasicCredentialsRule = { allowEmptySecret: false };
const emailOnly: BasicCredentialsRule = { allowEmptySecret: true };

/** The email and secret of an HTTP Basic header, with the email normalised, or what is wrong with the header. */
function readBasicCredentials(request: FastifyRequest, options: BasicCredentialsRule) {
  const credentials = parseBasicAuthorization(request.headers.authorization);
  if (!credentials) return { outcome: "noBasicAuthorization" as const };
  const email = emailSchema.safeParse(credentials.user);
  if (!email.success) return { outcome: "invalidEmail" as const };
  if ((!options.allowEmptySecret && credentials.secret.length === 0) || credentials.secret.length > 1024) {
    return { outcome: "passwordMissing" as const };
  }
  return { outcome: "read" as const, email: email.data, secret: credentials.secret };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const accountRoute = operationRoutes(app, "accounts");
  const securityRoute = operationRoutes(app, "security");
  const { config } = app;
  const limits = config.rateLimits;
  const deps = (request: FastifyRequest) => getAuthDependencies(app, request);
  /** The sign-in a second-step code is for: its limits count against its account, then the code is checked. */
  const pendingSignInOf = oncePerRequest((request: { body: { secondFactorToken: string } }) =>
    findPendingSignIn(app.database.db, request.body.secondFactorToken, app.clock()),
  );

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
  ): Promise<RateLimitCheck[]> {
    const device = await findKnownDevice(app.database.db, config.env, request, email);
    if (device) return [{ key: `${kind}:device:${device}`, limit: perAccount, windowSeconds }];
    return [
      { key: `auth:ip:${request.ip}`, limit: limits.authPerIp, windowSeconds: limits.windowSeconds },
      { key: `${kind}:account-ip:${email}:${request.ip}`, limit: perAccount, windowSeconds },
      { key: `${kind}:account:${email}`, limit: limits.perAccountAllAddresses, windowSeconds },
    ];
  }

  /**
   * The guesses at a secret of a route whose header carries an email: none is counted for a header the handler
   * refuses anyway, so its 400 is what the caller hears, before any 429.
   */
  const guessesWithCredentials =
    (
      kind: "login" | "reset-request" | "reset",
      rule: BasicCredentialsRule,
      perAccount: number,
      windowSeconds?: number,
    ) =>
    (request: FastifyRequest) => {
      const credentials = readBasicCredentials(request, rule);
      if (credentials.outcome !== "read") return [];
      return guessLimits(request, kind, credentials.email, perAccount, windowSeconds);
    };

  /** How a guessing route answers a caller over its limits, and records it as a lockout. */
  const asGuesses = {
    message: failureMessages.tooManyAttempts,
    onRefused: (request: FastifyRequest, check: RateLimitCheck) => recordLockout(app, request, check),
  };
  const perClientSignIn = (request: FastifyRequest) => [
    { key: `auth:ip:${request.ip}`, limit: limits.authPerIp, windowSeconds: limits.windowSeconds },
  ];

  accountRoute(
    authOperations.register,
    {
      summary: "Create an account with email and password, and log in",
      access: "anyone",
      rateLimits: {
        ...asGuesses,
        checks: (request) => [{ key: `register:ip:${request.ip}`, limit: limits.registerPerIp, windowSeconds: 3600 }],
      },
      failures: authFailures.register,
    },
    async (request, reply, { fail }) => {
      const result = await registerAccount(
        deps(request),
        request.body,
        // The form says the language it was filled in; else the page's (the request's) is the account's.
        request.body.language ?? requestLanguageOf(request),
      );
      if (result.outcome !== "registered") return fail(result.outcome);
      app.mailWorker.nudge();
      return answerSignedIn(reply, result.user, "password");
    },
  );

  accountRoute(
    authOperations.logIn,
    {
      summary:
        "Log in with HTTP Basic email and password; answers the X-Access-Key header and a session cookie, or, when the account has the authenticator app on, a token for POST /api/login/second-factor",
      access: "anyone",
      // A limit answers the same whether or not the password was right; a right one then gives its count back,
      // so only wrong guesses add up to a lockout.
      rateLimits: { ...asGuesses, checks: guessesWithCredentials("login", emailAndPassword, limits.loginPerAccount) },
      // The answer holds the access key, or the second step's token.
      cache: "no-store",
      failures: { ...authFailures.basicCredentials, ...authFailures.logIn },
    },
    async (request, reply, { countedChecks, fail }) => {
      const credentials = readBasicCredentials(request, emailAndPassword);
      if (credentials.outcome !== "read") return fail(credentials.outcome);
      const result = await logInWithPassword(deps(request), credentials.email, credentials.secret);
      switch (result.outcome) {
        case "loggedIn":
          await refundRateLimits(app, countedChecks);
          return answerSignedIn(reply, result.user, "password");
        case "secondFactorRequired":
          await refundRateLimits(app, countedChecks);
          return { Status: "SecondFactorRequired" as const, secondFactorToken: result.secondFactorToken };
        default:
          return fail(result.outcome, result);
      }
    },
  );

  accountRoute(
    authOperations.logInSecondFactor,
    {
      summary:
        "The second step of a password login: the first step's token and the authenticator app's code or a recovery code; answers as a login does",
      access: "anyone",
      rateLimits: {
        ...asGuesses,
        // A guess at the code is a guess like a password's, under the same limits. A token no pending sign-in
        // holds is refused without counting: it names no account to count against.
        checks: async (request) => {
          const pending = await pendingSignInOf(request);
          if (!pending) return [];
          const user = await getAccountUser(app.database.db, pending.userId);
          return guessLimits(request, "second-factor", user.email, limits.loginPerAccount);
        },
      },
      failures: { secondStepExpired: authFailures.secondStepExpired, ...authFailures.secondFactor },
    },
    async (request, reply, { fail }) => {
      const dependencies = deps(request);
      const pending = await pendingSignInOf(request);
      if (!pending) return fail("secondStepExpired");
      const result = await completeSecondFactor(dependencies, pending, request.body.code);
      if (result.outcome !== "loggedIn" && result.hasQueuedEmail) app.mailWorker.nudge();
      if (result.outcome === "loggedIn") return answerSignedIn(reply, result.user, "password");
      return fail(result.outcome, result);
    },
  );

  accountRoute(
    authOperations.getPasskeyLoginOptions,
    {
      summary: "WebAuthn options to sign in with a passkey (any of this site's passkeys the browser holds)",
      access: "anyone",
      // Each call stores a challenge: counted per client address like every sign-in attempt.
      rateLimits: { ...asGuesses, checks: perClientSignIn },
      cache: "no-store",
    },
    async (_request, _reply, { now }) => startPasskeyAuthentication(app.database.db, app.config, { userId: null, now }),
  );

  accountRoute(
    authOperations.logInWithPasskey,
    {
      summary:
        "Sign in with a passkey's answer to the options; answers as a login does, the session cookie and the X-Access-Key header (no second step)",
      access: "anyone",
      rateLimits: { ...asGuesses, checks: perClientSignIn },
      failures: authFailures.passkey,
    },
    async (request, reply, { fail }) => {
      const result = await logInWithPasskey(
        deps(request),
        request.body.response as unknown as AuthenticationResponseJSON,
      );
      if (result.outcome === "loggedIn") return answerSignedIn(reply, result.user, "passkey");
      return fail(result.outcome, result);
    },
  );

  accountRoute(
    authOperations.logOut,
    {
      summary:
        "End this session on the server (needs X-Requested-With and the access key, like every change); without a session cookie there is nothing to end",
      access: "anyone",
      cache: "no-store",
      // A cookie without its key proves nothing: it is left as it is, and so is its session.
      failures: { sessionEnded },
      // A foreign page could otherwise log anyone out with an <img>: the marker and the key are required.
      config: { isStateChangingGet: true },
    },
    async (request, reply, { session, fail }) => {
      if (session) {
        await recordAuditEvent(app.database.db, getRequestOrigin(request), "logged_out", session.userId);
        // The session ends on the server in the same step as its cookie is cleared.
        await reply.endSession();
        return { Status: "Success" as const };
      }
      if (reply.hasSessionCookie()) return fail("sessionEnded");
      return { Status: "Success" as const };
    },
  );

  securityRoute(
    authOperations.changePassword,
    {
      summary:
        "Change the password with the current one, or set a first one for a Google or Microsoft account after a recent sign-in; every other session is signed out, this one stays",
      access: "signedIn",
      // A guess at the current password is a guess like a login's.
      rateLimits: {
        ...asGuesses,
        checks: (_request, session) => [
          {
            key: `change-password:account:${session.userId}`,
            limit: limits.loginPerAccount,
            windowSeconds: limits.windowSeconds,
          },
        ],
      },
      failures: authFailures.changePassword,
    },
    async (request, _reply, { session, fail }) => {
      const result = await changePassword(deps(request), session, request.body);
      if (result.outcome !== "changed") return fail(result.outcome);
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );

  securityRoute(
    authOperations.reauthenticate,
    {
      summary:
        "Confirm who you are with your password, a code (the authenticator app's or a recovery code) or a passkey; sensitive actions then work for 15 minutes",
      access: "signedIn",
      rateLimits: {
        ...asGuesses,
        checks: (_request, session) => [
          {
            key: `reauth:account:${session.userId}`,
            limit: limits.loginPerAccount,
            windowSeconds: limits.windowSeconds,
          },
        ],
      },
      failures: authFailures.reauthenticate,
    },
    async (request, _reply, { session, fail }) => {
      const result = await reauthenticate(deps(request), session, request.body);
      if (result.hasQueuedEmail) app.mailWorker.nudge();
      if (result.outcome !== "confirmed") return fail(result.outcome, result);
      return { Status: "Success" as const };
    },
  );

  securityRoute(
    authOperations.getReauthenticationPasskeyOptions,
    {
      summary: "WebAuthn options to confirm who you are with one of this account's passkeys",
      access: "signedIn",
      cache: "no-store",
    },
    async (_request, _reply, { session, now }) =>
      startPasskeyAuthentication(app.database.db, app.config, { userId: session.userId, now }),
  );

  accountRoute(
    authOperations.findUser,
    {
      summary: "Email a security code for a password reset (HTTP Basic: the email and an empty password)",
      access: "anyone",
      rateLimits: {
        ...asGuesses,
        checks: guessesWithCredentials("reset-request", emailOnly, limits.resetPerAccount, 3600),
      },
      failures: { ...authFailures.basicCredentials, ...authFailures.requestReset },
    },
    async (request, reply, { fail }) => {
      const credentials = readBasicCredentials(request, emailOnly);
      if (credentials.outcome !== "read") return fail(credentials.outcome);
      // The browser that asks keeps its own tries at the code, on any network (issue 53, finding 8).
      // The code goes out in the language of the page that asked for it, not the account's (decision 047).
      const result = await requestPasswordReset(
        deps(request),
        { email: credentials.email, language: pageLanguageOf(request) },
        browserOf(request, reply, config),
      );
      if (result.outcome !== "codeSent") return fail(result.outcome);
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );

  accountRoute(
    authOperations.resetPassword,
    {
      summary: "Set a new password with the emailed security code (HTTP Basic: the email and the new password)",
      access: "anyone",
      rateLimits: { ...asGuesses, checks: guessesWithCredentials("reset", emailAndPassword, limits.loginPerAccount) },
      failures: { ...authFailures.basicCredentials, ...authFailures.resetPassword },
    },
    async (request, _reply, { fail }) => {
      const credentials = readBasicCredentials(request, emailAndPassword);
      if (credentials.outcome !== "read") return fail(credentials.outcome);
      const result = await resetPassword(deps(request), {
        email: credentials.email,
        password: credentials.secret,
        code: request.body.secret_code,
        browser: presentedBrowserOf(request, config.env),
      });
      if (result.outcome !== "reset") return fail(result.outcome);
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );
};
