import { verificationOperations } from "@precis/contract/verification";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isAcademicEmail } from "../../lib/academic-domains.ts";
import { sendApiError } from "../../lib/api-error.ts";
import { sendFailureResponse } from "../../lib/operations/failures.ts";
import { getAuthDependencies, recordLockout } from "../accounts/dependencies.ts";
import { failureMessages } from "../accounts/failures.ts";
import { enforceRateLimits, type RateLimitCheck } from "../rate-limit/enforce.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { requireSession } from "../sessions/plugin.ts";
import { isRecentlyAuthenticated } from "../sessions/reauthentication.ts";
import { verificationFailures } from "./responses.ts";
import { resendVerificationCode, undoEmailChange, verifyEmailCode } from "./service.ts";

const RESEND_WINDOW_SECONDS = 3600;

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, signedInRoute } = operationRoutes(app, "accounts");
  const limits = app.config.rateLimits;

  route(
    verificationOperations.verifyEmail,
    "Verify an email address: signed in with its emailed code { code }, or from the emailed link with its token { token } (signs nothing in). A code to a new address moves the account only in the session that asked for it, with a sign-in or confirmation within 15 minutes",
    async (request, reply) => {
      const { code, token } = request.body;
      if (!token && !code) {
        return sendApiError(reply, 400, "Send the emailed code or the link's token.", [
          { path: "code", message: "is required" },
        ]);
      }
      // The link needs no session; a code typed in the page is the signed-in account's.
      const session = token ? request.session : requireSession(request, reply);
      const proof = token ? { token } : session && code ? { code, userId: session.userId } : null;
      if (!proof) return reply;
      // A typed code's guesses count per account and per client, as the reset code's do. The link's token is
      // too long to guess: only the client's own bound applies, so no one's guesses block the link (issue 53).
      const checks: RateLimitCheck[] = [
        { key: `auth:ip:${request.ip}`, limit: limits.authPerIp, windowSeconds: limits.windowSeconds },
      ];
      if (!token) {
        checks.push({
          key: `verify:account:${session?.userId}`,
          limit: limits.loginPerAccount,
          windowSeconds: limits.windowSeconds,
        });
      }
      const isAllowed = await enforceRateLimits(app, reply, checks, {
        message: failureMessages.tooManyAttempts,
        onRefused: (check) => recordLockout(app, request, check),
      });
      if (!isAllowed) return reply;
      const deps = getAuthDependencies(app, request);
      const result = await verifyEmailCode(deps, {
        proof,
        sessionId: session?.id,
        isRecentlyAuthenticated: session ? isRecentlyAuthenticated(session, deps.now) : false,
      });
      if (result.outcome !== "verified") {
        return sendFailureResponse(reply, verificationFailures.verifyEmail[result.outcome]);
      }
      app.mailWorker.nudge();
      return { Status: "Success" as const, email: result.email };
    },
  );

  signedInRoute(
    verificationOperations.resendVerification,
    "Email a new verification code to the account's address, or with { email } to another address the account will move to once it is proven (needs a sign-in or confirmation within 15 minutes). Answers the same whether or not another account uses that address",
    async (request, reply, session) => {
      const { email, purpose } = request.body;
      if (purpose === "school" && email && !isAcademicEmail(email, app.config.verification.academicEmailDomains)) {
        return sendFailureResponse(reply, verificationFailures.notAcademic);
      }
      // Each code is an email we send: per account and per client, so nobody turns this into a mail cannon.
      const checks: RateLimitCheck[] = [
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
      ];
      const isAllowed = await enforceRateLimits(app, reply, checks, {
        message: "Too many codes were sent. Please wait an hour and try again.",
        onRefused: (check) => recordLockout(app, request, check),
      });
      if (!isAllowed) return reply;
      const deps = getAuthDependencies(app, request);
      const result = await resendVerificationCode(
        deps,
        {
          userId: session.userId,
          sessionId: session.id,
          isRecentlyAuthenticated: isRecentlyAuthenticated(session, deps.now),
        },
        email,
      );
      if (result.outcome !== "sent") return sendFailureResponse(reply, verificationFailures.resend[result.outcome]);
      app.mailWorker.nudge();
      return { Status: "Success" as const, email: result.email };
    },
  );
  route(
    verificationOperations.undoEmailChange,
    "Undo a change of the account's email with the link mailed to the old address (no session needed): restores that address, verified, ends every session and voids the password",
    async (request, reply) => {
      // Link tokens are 256 random bits, but a guesser still gets a 429 before a real chance.
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [{ key: `email-undo:ip:${request.ip}`, limit: limits.authPerIp, windowSeconds: RESEND_WINDOW_SECONDS }],
        { message: failureMessages.tooManyAttempts, onRefused: (check) => recordLockout(app, request, check) },
      );
      if (!isAllowed) return reply;
      const result = await undoEmailChange(getAuthDependencies(app, request), request.body.token);
      if (result.outcome !== "restored") {
        return sendFailureResponse(reply, verificationFailures.undoEmailChange[result.outcome]);
      }
      // The request's own session, if any, ended with all the others: its cookie goes too.
      if (request.session) await reply.endSession();
      return { Status: "Success" as const, email: result.email };
    },
  );
};
