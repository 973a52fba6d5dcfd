import { apiErrorSchema } from "@precis/contract/api";
import { failureResponseSchema } from "@precis/contract/auth";
import { operations, routeUrl } from "@precis/contract/operations";
import {
  resendVerificationRequestSchema,
  resendVerificationResponseSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from "@precis/contract/verification";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { sendApiError } from "../../plugins/errors.ts";
import { getAuthDependencies, recordLockout } from "../accounts/dependencies.ts";
import { failureMessages, sendFailure } from "../accounts/failures.ts";
import { enforceRateLimits, type RateLimitCheck } from "../rate-limit/enforce.ts";
import { requireSession } from "../sessions/plugin.ts";
import { resendVerificationCode, verifyEmailCode } from "./service.ts";

const RESEND_WINDOW_SECONDS = 3600;

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  app.post(
    routeUrl(operations.verifyEmail),
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Verify an email address with its emailed code: signed in with { code }, or from the emailed link with { email, code } (signs nothing in)",
        body: verifyEmailRequestSchema,
        response: {
          200: verifyEmailResponseSchema,
          400: apiErrorSchema,
          401: z.union([failureResponseSchema, apiErrorSchema]),
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
      const result = await verifyEmailCode(getAuthDependencies(app, request), {
        code,
        email,
        userId: session?.userId,
      });
      switch (result.outcome) {
        case "verified":
          app.mailWorker.nudge();
          return { Status: "Success" as const, email: result.email };
        case "invalidCode":
          return sendFailure(reply, 401, "invalidCode");
        case "emailExists":
          return sendFailure(reply, 409, "emailExists");
      }
    },
  );

  app.post(
    routeUrl(operations.resendVerification),
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Email a new verification code to the account's address, or with { email } to another address the account will move to once it is proven",
        body: resendVerificationRequestSchema,
        response: {
          200: resendVerificationResponseSchema,
          401: apiErrorSchema,
          409: z.union([failureResponseSchema, apiErrorSchema]),
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request, reply);
      if (!session) return reply;
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
      const result = await resendVerificationCode(
        getAuthDependencies(app, request),
        session.userId,
        request.body.email,
      );
      switch (result.outcome) {
        case "sent":
          app.mailWorker.nudge();
          return { Status: "Success" as const, email: result.email };
        case "alreadyVerified":
          return sendApiError(reply, 409, "This email address is already verified.");
        case "emailExists":
          return sendFailure(reply, 409, "emailExists");
      }
    },
  );
};
