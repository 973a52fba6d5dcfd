import { leaveLinkOperations } from "@precis/contract/firms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mailboxOf } from "../../lib/mailbox.ts";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { leaveByLink, requestLeaveLink } from "./leave-link.ts";
import { firmFailures } from "./responses.ts";

/** Links mailed per mailbox a day: enough to ask again, never a flood. */
const LINKS_PER_MAILBOX_PER_DAY = 3;

/** Leaving a firm signed out, by an emailed link (decision 043): no session is read or needed. */
export const leaveLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "firms");
  const { config } = app;
  const perIp = (ip: string) => ({
    key: `auth:ip:${ip}`,
    limit: config.rateLimits.authPerIp,
    windowSeconds: config.rateLimits.windowSeconds,
  });

  route(
    leaveLinkOperations.requestLeaveLink,
    {
      summary:
        "Email a link to leave the account's firm without signing in, for a person its sign-in policy refuses; answers alike for any address",
      access: "anyone",
      rateLimits: {
        checks: (request) => [
          perIp(request.ip),
          {
            key: `firm-leave:mailbox:${mailboxOf(request.body.email.toLowerCase())}`,
            limit: LINKS_PER_MAILBOX_PER_DAY,
            windowSeconds: 86_400,
          },
        ],
      },
    },
    async (request, _reply, { now }) => {
      const email = request.body.email.toLowerCase();
      if (await requestLeaveLink({ db: app.database.db, config, email, now })) app.mailWorker.nudge();
      return { Status: "Success" as const };
    },
  );

  route(
    leaveLinkOperations.leaveByLink,
    {
      summary:
        "Leave the firm by the emailed link's token (once, within 24 hours); the account, its export and its deletion stay the person's",
      access: "anyone",
      rateLimits: { checks: (request) => [perIp(request.ip)] },
      failures: firmFailures.leaveByLink,
    },
    async (request, _reply, { now, fail }) => {
      const left = await leaveByLink({ db: app.database.db, config, token: request.body.token, now });
      if (left.outcome !== "left") return fail(left.outcome, left);
      app.mailWorker.nudge();
      return { Status: "Success" as const, firmName: left.firm.name };
    },
  );
};
