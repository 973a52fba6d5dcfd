import { type ResendVerificationRequest, verificationOperations } from "@precis/contract/verification";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isAcademicEmail } from "../../lib/academic-domains.ts";
import { operationRoutes, type RateLimitCheck } from "../../lib/operations/routes.ts";
import { pageLanguageOf } from "../../lib/request-language.ts";
import { getAuthDependencies, recordLockout } from "../accounts/dependencies.ts";
import { failureMessages } from "../accounts/failures.ts";
import { isRecentlyAuthenticated } from "../sessions/reauthentication.ts";
import { verificationFailures } from "./responses.ts";
import { resendVerificationCode, undoEmailChange, verifyEmailCode } from "./service.ts";

const RESEND_WINDOW_SECONDS = 3600;

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "accounts");
  const limits = app.config.rateLimits;
  const asGuesses = {
    message: failureMessages.tooManyAttempts,
    onRefused: (request: FastifyRequest, check: RateLimitCheck) => recordLockout(app, request, check),
  };

  /** The student-access switch takes a school address only: said before any code is sent or counted (issue 43). */
  const isRefusedSchoolAddress = ({ email, purpose }: ResendVerificationRequest) =>
    purpose === "school" &&
    email !== undefined &&
    !isAcademicEmail(email, app.config.verification.academicEmailDomains);

  route(
    verificationOperations.verifyEmail,
    {
      summary:
        "Verify an email address: signed in with its emailed code { code }, or from the emailed link with its token { token } (signs nothing in). A code to a new address moves the account only in the session that asked for it, with a sign-in or confirmation within 15 minutes",
      // The link needs no session; a code typed in the page is the signed-in account's.
      access: (request) => (!request.body.token && request.body.code ? "signedIn" : "anyone"),
      rateLimits: {
        ...asGuesses,
        // A typed code's guesses count per account and per client, as the reset code's do. The link's token is
        // too long to guess: only the client's own bound applies, so no one's guesses block the link (issue 53).
        checks: (request, session) => {
          const { code, token } = request.body;
          const perClient = {
            key: `auth:ip:${request.ip}`,
            limit: limits.authPerIp,
            windowSeconds: limits.windowSeconds,
          };
          if (token) return [perClient];
          if (!code || !session) return [];
          return [
            perClient,
            {
              key: `verify:account:${session.userId}`,
              limit: limits.loginPerAccount,
              windowSeconds: limits.windowSeconds,
            },
          ];
        },
      },
      failures: { proofMissing: verificationFailures.proofMissing, ...verificationFailures.verifyEmail },
    },
    async (request, _reply, { session, fail }) => {
      const { code, token } = request.body;
      const proof = token ? { token } : code && session ? { code, userId: session.userId } : null;
      if (!proof) return fail("proofMissing");
      const deps = getAuthDependencies(app, request);
      const result = await verifyEmailCode(deps, {
        proof,
        sessionId: session?.id,
        isRecentlyAuthenticated: session ? isRecentlyAuthenticated(session, deps.now) : false,
      });
      if (result.outcome !== "verified") return fail(result.outcome);
      app.mailWorker.nudge();
      return { Status: "Success" as const, email: result.email };
    },
  );

  route(
    verificationOperations.resendVerification,
    {
      summary:
        "Email a new verification code to the account's address, or with { email } to another address the account will move to once it is proven (needs a sign-in or confirmation within 15 minutes). Answers the same whether or not another account uses that address",
      access: "signedIn",
      rateLimits: {
        ...asGuesses,
        message: "Too many codes were sent. Please wait an hour and try again.",
        // Each code is an email we send: per account and per client, so nobody turns this into a mail cannon.
        checks: (request, session) =>
          isRefusedSchoolAddress(request.body)
            ? []
            : [
                {
                  key: `verify-resend:account:${session.userId}`,
                  limit: app.config.verification.resendPerAccount,
                  windowSeconds: RESEND_WINDOW_SECONDS,
                },
                {
                  key: `verify-resend:ip:${request.ip}`,
                  limit: limits.registerPerIp,
                  windowSeconds: RESEND_WINDOW_SECONDS,
                },
              ],
      },
      failures: { notAcademic: verificationFailures.notAcademic, ...verificationFailures.resend },
    },
    async (request, _reply, { session, fail }) => {
      if (isRefusedSchoolAddress(request.body)) return fail("notAcademic");
      const deps = getAuthDependencies(app, request);
      const result = await resendVerificationCode(
        deps,
        {
          userId: session.userId,
          sessionId: session.id,
          isRecentlyAuthenticated: isRecentlyAuthenticated(session, deps.now),
          // The code goes out in the language of the page that asked for it (decision 047).
          language: pageLanguageOf(request),
        },
        request.body.email,
      );
      if (result.outcome !== "sent") return fail(result.outcome);
      app.mailWorker.nudge();
      return { Status: "Success" as const, email: result.email };
    },
  );

  route(
    verificationOperations.undoEmailChange,
    {
      summary:
        "Undo a change of the account's email with the link mailed to the old address (no session needed): restores that address, verified, ends every session and voids the password",
      access: "anyone",
      // Link tokens are 256 random bits, but a guesser still gets a 429 before a real chance.
      rateLimits: {
        ...asGuesses,
        checks: (request) => [
          { key: `email-undo:ip:${request.ip}`, limit: limits.authPerIp, windowSeconds: RESEND_WINDOW_SECONDS },
        ],
      },
      failures: verificationFailures.undoEmailChange,
    },
    async (request, reply, { session, fail }) => {
      const result = await undoEmailChange(getAuthDependencies(app, request), request.body.token);
      if (result.outcome !== "restored") return fail(result.outcome);
      // The request's own session, if any, ended with all the others: its cookie goes too.
      if (session) await reply.endSession();
      return { Status: "Success" as const, email: result.email };
    },
  );
};
