import { emailSchema } from "@precis/contract/profile";
import { ssoOperations } from "@precis/contract/sso";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { parseBasicAuthorization } from "../../lib/http-basic.ts";
import { operationRoutes, type RateLimitCheck } from "../../lib/operations/routes.ts";
import { getAuthDependencies, recordLockout } from "../accounts/dependencies.ts";
import { failureMessages } from "../accounts/failures.ts";
import { answerSignedIn } from "../accounts/responses.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { ssoFailures } from "./responses.ts";
import { changeEmail, logInWithIdentity, registerWithIdentity } from "./service.ts";
import { createIdTokenVerifier, type VerifiedIdentity } from "./token-verifier.ts";

/** The method a session opened by this provider's sign-in began with (decision 043). */
const sessionMethodOf = (provider: VerifiedIdentity["provider"]) =>
  provider === "google.com" ? ("google" as const) : ("microsoft" as const);

/** A change of email needs a sign-in this recent (the new account proves itself now, not last week). */
const CHANGE_EMAIL_MAX_AUTH_AGE_SECONDS = 300;
/** Firebase ID tokens are about 1 kB; anything far larger is not one. */
const MAX_ID_TOKEN_LENGTH = 8192;

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "sign-in");
  const { config } = app;
  const verifyIdToken = createIdTokenVerifier(config, app.clock);

  /** The email and ID token of "Basic email:idToken"; null when the header is not that. */
  function readCredentials(request: FastifyRequest) {
    const credentials = parseBasicAuthorization(request.headers.authorization);
    const email = emailSchema.safeParse(credentials?.user);
    if (!credentials || !email.success || !credentials.secret || credentials.secret.length > MAX_ID_TOKEN_LENGTH) {
      return null;
    }
    return { email: email.data, idToken: credentials.secret };
  }

  /** Each verification is a guess like a password's, per client address; a malformed header is refused uncounted. */
  const identityGuesses = {
    message: failureMessages.tooManyAttempts,
    onRefused: (request: FastifyRequest, check: RateLimitCheck) => recordLockout(app, request, check),
    checks: (request: FastifyRequest) =>
      readCredentials(request)
        ? [
            {
              key: `sso:ip:${request.ip}`,
              limit: config.rateLimits.authPerIp,
              windowSeconds: config.rateLimits.windowSeconds,
            },
          ]
        : [],
  };
  const identityFailures = {
    badCredentials: ssoFailures.badCredentials,
    unavailable: ssoFailures.unavailable,
    invalidToken: ssoFailures.invalidToken,
  };

  /** The identity the header's ID token proves for its email, or why there is none. */
  async function readIdentity(request: FastifyRequest, requirements: { signedInWithinSeconds?: number } = {}) {
    const credentials = readCredentials(request);
    if (!credentials) return { outcome: "badCredentials" as const };
    const result = await verifyIdToken(credentials.idToken, credentials.email, requirements);
    if (result.outcome === "verified") return { outcome: "verified" as const, identity: result.identity };
    if (result.outcome === "unavailable") return { outcome: "unavailable" as const };
    request.log.info({ reason: result.reason }, "ID token refused");
    // As a wrong password is: who tried, from where, and why it was refused (never the token).
    await recordAuditEvent(app.database.db, getRequestOrigin(request), "sso_login_failed", null, {
      reason: "invalidToken",
      check: result.reason.slice(0, 200),
      path: request.routeOptions.url ?? request.url,
    });
    return { outcome: "invalidToken" as const };
  }

  route(
    ssoOperations.getFirebaseSettings,
    { summary: "The Firebase web configuration that starts Google and Microsoft sign-in", access: "anyone" },
    // The same settings index.html embeds (decision 002), built once in config.ts.
    async () => config.client.sso,
  );

  route(
    ssoOperations.logInWithSso,
    {
      summary: "Log in with a Google or Microsoft ID token (HTTP Basic: email and ID token); 404 for a new user",
      access: "anyone",
      rateLimits: identityGuesses,
      failures: { ...identityFailures, unknownIdentity: ssoFailures.unknownIdentity, ...ssoFailures.logIn },
    },
    async (request, reply, { fail }) => {
      const read = await readIdentity(request);
      if (read.outcome !== "verified") return fail(read.outcome);
      const { identity } = read;
      const signedIn = await logInWithIdentity(getAuthDependencies(app, request), identity);
      if (!signedIn) return fail("unknownIdentity");
      if (signedIn.outcome !== "loggedIn") return fail(signedIn.outcome, signedIn);
      app.mailWorker.nudge();
      // As fresh as the provider's sign-in, not as this call (issue 42, finding 9): a token from a sign-in days
      // old opens a session that step-up asks again. The verifier refuses a token without auth_time.
      return answerSignedIn(reply, signedIn.user, sessionMethodOf(identity.provider), identity.authTime);
    },
  );

  route(
    ssoOperations.registerWithSso,
    {
      summary: "Create an account for a Google or Microsoft identity (the ID token in HTTP Basic) and log in",
      access: "anyone",
      rateLimits: identityGuesses,
      failures: { ...identityFailures, ...ssoFailures.register },
    },
    async (request, reply, { fail }) => {
      const read = await readIdentity(request);
      if (read.outcome !== "verified") return fail(read.outcome);
      const { identity } = read;
      if (identity.email !== request.body.email) return fail("invalidToken");
      const language = request.body.language ?? "en";
      const result = await registerWithIdentity(
        getAuthDependencies(app, request),
        identity,
        request.body.role,
        language,
      );
      if (result.outcome !== "registered") return fail(result.outcome);
      app.mailWorker.nudge();
      return answerSignedIn(reply, result.user, sessionMethodOf(identity.provider), identity.authTime);
    },
  );

  route(
    ssoOperations.changeEmailWithSso,
    {
      summary:
        "Move the signed-in account to a new Google or Microsoft email (signed in there within 5 minutes, and here or confirmed within 15)",
      access: "recentlySignedIn",
      rateLimits: identityGuesses,
      failures: { ...identityFailures, ...ssoFailures.changeEmail },
    },
    async (request, _reply, { session, fail }) => {
      // Moving the address hands the account to whoever holds the new one: a stolen old session may not (issue 42).
      const read = await readIdentity(request, { signedInWithinSeconds: CHANGE_EMAIL_MAX_AUTH_AGE_SECONDS });
      if (read.outcome !== "verified") return fail(read.outcome);
      const result = await changeEmail(getAuthDependencies(app, request), session.userId, read.identity);
      if (result.outcome !== "changed") return fail(result.outcome);
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );
};
