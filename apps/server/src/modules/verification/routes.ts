import { apiErrorSchema } from "@precis/contract/api";
import { failureResponseSchema } from "@precis/contract/auth";
import { operations, routeUrl } from "@precis/contract/operations";
import {
  NOT_ACADEMIC_FIELD,
  resendVerificationRequestSchema,
  resendVerificationResponseSchema,
  undoEmailChangeRequestSchema,
  undoEmailChangeResponseSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from "@precis/contract/verification";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { isAcademicEmail } from "../../lib/academic-domains.ts";
import { sendApiError } from "../../plugins/errors.ts";
import { getAuthDependencies, recordLockout } from "../accounts/dependencies.ts";
import { failureMessages, sendFailure } from "../accounts/failures.ts";
import { enforceRateLimits, type RateLimitCheck } from "../rate-limit/enforce.ts";
import { requireSession } from "../sessions/plugin.ts";
import { isRecentlyAuthenticated, requireRecentAuthentication } from "../sessions/reauthentication.ts";
import { resendVerificationCode, undoEmailChange, verifyEmailCode } from "./service.ts";

const RESEND_WINDOW_SECONDS = 3600;

const NOT_ACADEMIC_MESSAGE =
  "This address is not at a school we recognise. Use the address your university or college gave you.";

/** A code to another address completes only in the session that asked for it (issue 42). */
export const OTHER_SESSION_MESSAGE =
  "This code changes the account's email address: enter it while signed in, in the browser where the change was asked for.";

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  app.post(
    routeUrl(operations.verifyEmail),
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Verify an email address with its emailed code: signed in with { code }, or from the emailed link with { email, code } (signs nothing in). A code to a new address moves the account only in the session that asked for it, with a sign-in or confirmation within 15 minutes",
        body: verifyEmailRequestSchema,
        response: {
          200: verifyEmailResponseSchema,
          400: apiErrorSchema,
          401: z.union([failureResponseSchema, apiErrorSchema]),
          403: apiErrorSchema,
          409: failureResponseSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { code, email } = request.body;
      // The link needs no session; a code typed in the page is the signed-in account's.
      const session = email ? request.session : requireSession(request, reply);
      if (!email && !session) return reply;
      // Guesses count per address (or account) and per client, as the reset code's do.
      const target = email ? `email:${email}` : `account:${session?.userId}`;
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [
          { key: `auth:ip:${request.ip}`, limit: limits.authPerIp, windowSeconds: limits.windowSeconds },
          { key: `verify:${target}`, limit: limits.loginPerAccount, windowSeconds: limits.windowSeconds },
        ],
        { message: failureMessages.tooManyAttempts, onRefused: (check) => recordLockout(app, request, check) },
      );
      if (!isAllowed) return reply;
      const deps = getAuthDependencies(app, request);
      const result = await verifyEmailCode(deps, {
        code,
        email,
        userId: session?.userId,
        sessionId: session?.id,
        isRecentlyAuthenticated: session ? isRecentlyAuthenticated(session, deps.now) : false,
      });
      switch (result.outcome) {
        case "verified":
          app.mailWorker.nudge();
          return { Status: "Success" as const, email: result.email };
        case "invalidCode":
          return sendFailure(reply, 401, "invalidCode");
        case "emailExists":
          return sendFailure(reply, 409, "emailExists");
        case "otherSession":
          return sendApiError(reply, 403, OTHER_SESSION_MESSAGE, [
            { path: "session", message: "is not the session that asked for this change of address" },
          ]);
        case "reauthenticationRequired":
          // The same 403 as every step-up: the page asks who you are and sends the code again.
          requireRecentAuthentication(request, reply, deps.now);
          return reply;
      }
    },
  );

  app.post(
    routeUrl(operations.resendVerification),
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Email a new verification code to the account's address, or with { email } to another address the account will move to once it is proven (needs a sign-in or confirmation within 15 minutes). Answers the same whether or not another account uses that address",
        body: resendVerificationRequestSchema,
        response: {
          200: resendVerificationResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: z.union([failureResponseSchema, apiErrorSchema]),
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request, reply);
      if (!session) return reply;
      const { email, purpose } = request.body;
      // The student-access switch takes a school address only: said before any code is sent (issue 43).
      if (purpose === "school" && email && !isAcademicEmail(email, app.config.verification.academicEmailDomains)) {
        return sendApiError(reply, 400, NOT_ACADEMIC_MESSAGE, [
          { path: NOT_ACADEMIC_FIELD, message: "is not at a school we recognise" },
        ]);
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
      switch (result.outcome) {
        case "sent":
          app.mailWorker.nudge();
          return { Status: "Success" as const, email: result.email };
        case "alreadyVerified":
          return sendApiError(reply, 409, "This email address is already verified.");
        case "reauthenticationRequired":
          requireRecentAuthentication(request, reply, deps.now);
          return reply;
      }
    },
  );
  app.post(
    routeUrl(operations.undoEmailChange),
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Undo a change of the account's email with the link mailed to the old address (no session needed): restores that address, verified, ends every session and voids the password",
        body: undoEmailChangeRequestSchema,
        response: {
          200: undoEmailChangeResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
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
      switch (result.outcome) {
        case "restored":
          // The request's own session, if any, ended with all the others: its cookie goes too.
          if (request.session) await reply.endSession();
          return { Status: "Success" as const, email: result.email };
        case "invalidLink":
          return sendApiError(
            reply,
            404,
            "There is no change of address to undo: the link was used already, has expired, or is not valid.",
          );
        case "emailTaken":
          return sendApiError(
            reply,
            409,
            "The previous address is now used by another account: it cannot be restored.",
          );
      }
    },
  );
};
