import { leaveLinkOperations } from "@precis/contract/firms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendApiError } from "../../lib/api-error.ts";
import { mailboxOf } from "../../lib/mailbox.ts";
import { failureMessages } from "../accounts/failures.ts";
import { enforceRateLimits } from "../rate-limit/enforce.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { leaveByLink, requestLeaveLink } from "./leave-link.ts";
import { FirmRefusal } from "./refusals.ts";
import { sendFirmFailure } from "./responses.ts";

/** Links mailed per mailbox a day: enough to ask again, never a flood. */
const LINKS_PER_MAILBOX_PER_DAY = 3;

/** Leaving a firm signed out, by an emailed link (decision 043): no session is read or needed. */
export const leaveLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = operationRoutes(app, "firms");
  const { config } = app;
  const perIp = (ip: string) => ({
    key: `auth:ip:${ip}`,
    limit: config.rateLimits.authPerIp,
    windowSeconds: config.rateLimits.windowSeconds,
  });

  route(
    leaveLinkOperations.requestLeaveLink,
    "Email a link to leave the account's firm without signing in, for a person its sign-in policy refuses; answers alike for any address",
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [
          perIp(request.ip),
          { key: `firm-leave:mailbox:${mailboxOf(email)}`, limit: LINKS_PER_MAILBOX_PER_DAY, windowSeconds: 86_400 },
        ],
        { message: failureMessages.tooManyAttempts },
      );
      if (!isAllowed) return reply;
      if (await requestLeaveLink({ db: app.database.db, config, email, now: app.clock() })) app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );

  route(
    leaveLinkOperations.leaveByLink,
    "Leave the firm by the emailed link's token (once, within 24 hours); the account, its export and its deletion stay the person's",
    async (request, reply) => {
      const isAllowed = await enforceRateLimits(app, reply, [perIp(request.ip)], {
        message: failureMessages.tooManyAttempts,
      });
      if (!isAllowed) return reply;
      try {
        const left = await leaveByLink({ db: app.database.db, config, token: request.body.token, now: app.clock() });
        if (!left) {
          return sendApiError(reply, 401, "This link has expired or was already used. Ask for a new one.", [
            { path: "token", message: "has expired or was used" },
          ]);
        }
        app.mailWorker.nudge();
        return { Status: "Success" as const, firmName: left.firmName };
      } catch (error) {
        if (error instanceof FirmRefusal) return sendFirmFailure(reply, error.reason);
        throw error;
      }
    },
  );
};
