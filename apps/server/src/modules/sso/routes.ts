import { emailSchema } from "@precis/contract/profile";
import { ssoOperations } from "@precis/contract/sso";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { parseBasicAuthorization } from "../../lib/http-basic.ts";
import { sendFailureResponse } from "../../lib/operations/failures.ts";
import { getAuthDependencies, recordLockout } from "../accounts/dependencies.ts";
import { failureMessages } from "../accounts/failures.ts";
import { answerSignedIn } from "../accounts/responses.ts";
import { getRequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { enforceRateLimits } from "../rate-limit/enforce.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
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
  const { route, recentlySignedInRoute } = operationRoutes(app, "sign-in");
  const { config } = app;
  const verifyIdToken = createIdTokenVerifier(config, app.clock);

  /** Reads "Basic email:idToken" and verifies the token for that email; null once an error was sent. */
  async function readIdentity(
    request: FastifyRequest,
    reply: FastifyReply,
    requirements: { signedInWithinSeconds?: number } = {},
  ): Promise<VerifiedIdentity | null> {
    const credentials = parseBasicAuthorization(request.headers.authorization);
    const email = emailSchema.safeParse(credentials?.user);
    if (!credentials || !email.success || !credentials.secret || credentials.secret.length > MAX_ID_TOKEN_LENGTH) {
      void sendFailureResponse(reply, ssoFailures.badCredentials);
      return null;
    }
    const isAllowed = await enforceRateLimits(
      app,
      reply,
      [
        {
          key: `sso:ip:${request.ip}`,
          limit: config.rateLimits.authPerIp,
          windowSeconds: config.rateLimits.windowSeconds,
        },
      ],
      { message: failureMessages.tooManyAttempts, onRefused: (check) => recordLockout(app, request, check) },
    );
    if (!isAllowed) return null;
    const result = await verifyIdToken(credentials.secret, email.data, requirements);
    if (result.outcome === "verified") return result.identity;
    if (result.outcome === "unavailable") {
      void sendFailureResponse(reply, ssoFailures.unavailable);
      return null;
    }
    request.log.info({ reason: result.reason }, "ID token refused");
    // As a wrong password is: who tried, from where, and why it was refused (never the token).
    await recordAuditEvent(app.database.db, getRequestOrigin(request), "sso_login_failed", null, {
      reason: "invalidToken",
      check: result.reason.slice(0, 200),
      path: request.routeOptions.url ?? request.url,
    });
    void sendFailureResponse(reply, ssoFailures.invalidToken);
    return null;
  }

  route(
    ssoOperations.getFirebaseSettings,
    "The Firebase web configuration that starts Google and Microsoft sign-in",
    // The same settings index.html embeds (decision 002), built once in config.ts.
    async () => config.client.sso,
  );

  route(
    ssoOperations.logInWithSso,
    "Log in with a Google or Microsoft ID token (HTTP Basic: email and ID token); 404 for a new user",
    async (request, reply) => {
      const identity = await readIdentity(request, reply);
      if (!identity) return reply;
      const signedIn = await logInWithIdentity(getAuthDependencies(app, request), identity);
      if (!signedIn) return sendFailureResponse(reply, ssoFailures.unknownIdentity);
      if (signedIn.outcome !== "loggedIn")
        return sendFailureResponse(reply, ssoFailures.logIn[signedIn.outcome], signedIn);
      app.mailWorker.nudge();
      // As fresh as the provider's sign-in, not as this call (issue 42, finding 9): a token from a sign-in days
      // old opens a session that step-up asks again. The verifier refuses a token without auth_time.
      return answerSignedIn(reply, signedIn.user, sessionMethodOf(identity.provider), identity.authTime);
    },
  );

  route(
    ssoOperations.registerWithSso,
    "Create an account for a Google or Microsoft identity (the ID token in HTTP Basic) and log in",
    async (request, reply) => {
      const identity = await readIdentity(request, reply);
      if (!identity) return reply;
      if (identity.email !== request.body.email) return sendFailureResponse(reply, ssoFailures.invalidToken);
      const language = request.body.language ?? "en";
      const result = await registerWithIdentity(
        getAuthDependencies(app, request),
        identity,
        request.body.role,
        language,
      );
      if (result.outcome !== "registered") return sendFailureResponse(reply, ssoFailures.register[result.outcome]);
      app.mailWorker.nudge();
      return answerSignedIn(reply, result.user, sessionMethodOf(identity.provider), identity.authTime);
    },
  );

  recentlySignedInRoute(
    ssoOperations.changeEmailWithSso,
    "Move the signed-in account to a new Google or Microsoft email (signed in there within 5 minutes, and here or confirmed within 15)",
    async (request, reply, session) => {
      // Moving the address hands the account to whoever holds the new one: a stolen old session may not (issue 42).
      const identity = await readIdentity(request, reply, { signedInWithinSeconds: CHANGE_EMAIL_MAX_AUTH_AGE_SECONDS });
      if (!identity) return reply;
      const result = await changeEmail(getAuthDependencies(app, request), session.userId, identity);
      if (result.outcome !== "changed") return sendFailureResponse(reply, ssoFailures.changeEmail[result.outcome]);
      app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );
};
