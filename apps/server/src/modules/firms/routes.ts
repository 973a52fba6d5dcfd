import { firmOperations } from "@precis/contract/firms";
import { routeUrl } from "@precis/contract/operations";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { mailboxOf } from "../../lib/mailbox.ts";
import { enforceRateLimits } from "../rate-limit/enforce.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { requireSession } from "../sessions/plugin.ts";
import { requireRecentAuthentication } from "../sessions/reauthentication.ts";
import { listFirmEvents } from "./audit.ts";
import { joinFirmByDomain } from "./domain-join.ts";
import { FirmRefusal } from "./refusals.ts";
import { firmRateLimitMessages, sendFirmFailure } from "./responses.ts";
import {
  acceptInvitation,
  addDomain,
  changeMemberRole,
  checkDomain,
  createFirm,
  deleteFirm,
  type FirmContext,
  getAdminFirmId,
  getFirm,
  inviteToFirm,
  leaveFirm,
  listDomains,
  listInvitations,
  listMembers,
  openFirmBillingPortal,
  removeDomain,
  removeMember,
  revokeInvitation,
  startFirmCheckout,
  transferOwnership,
  updateDomain,
  updateFirm,
} from "./service.ts";
import { firmUsageCsv, readFirmUsage, readMyFirmUsage, usageMonthOf } from "./usage.ts";

/** The firms' group in the OpenAPI document. */
const FIRMS_TAG = "firms";

/**
 * The usage report's CSV only when asked for by name and JSON is not also asked for: any-type wildcards, a browser's default
 * and the API client's JSON all get the JSON.
 */
const wantsCsv = (accept: string | undefined) =>
  accept !== undefined && /(?:^|,)\s*text\/csv\s*(?:;|,|$)/i.test(accept) && !/application\/json/i.test(accept);
const DONE = { Status: "Success" } as const;
const FIRM_AUDIT_PAGE_DEFAULT = 50;

/** Invitations mailed per inviter an hour, and per mailbox a day (a resend counts): no mailbox is flooded from here. */
const INVITATIONS_PER_INVITER_PER_HOUR = 30;
const INVITATIONS_PER_ADDRESS_PER_DAY = 5;
/** Accept attempts per account an hour: a token is 256 random bits, but nobody needs to try many. */
const ACCEPTS_PER_ACCOUNT_PER_HOUR = 20;
/**
 * DNS checks (Check now) an hour, per account and per domain: each is a lookup sent out from the server, and a
 * record being published needs a few tries at most.
 */
const DOMAIN_CHECKS_PER_ACCOUNT_PER_HOUR = 30;
const DOMAIN_CHECKS_PER_DOMAIN_PER_HOUR = 30;

export const firmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = operationRoutes(app, FIRMS_TAG);

  // Every firm operation needs a session, and says so before it reads the body (401 before 400), as the other
  // signed-in modules do.
  app.addHook("preValidation", async (request, reply) => {
    if (!requireSession(request, reply)) return reply;
  });

  const contextOf = (request: FastifyRequest): FirmContext => {
    if (!request.session) throw new Error("firm routes run only for signed-in callers");
    return { db: app.database.db, config: app.config, now: app.clock(), userId: request.session.userId };
  };

  /** Runs a service call and answers its refusal, if any, from the firms' failure table (responses.ts). */
  async function answer<T>(reply: FastifyReply, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof FirmRefusal) return sendFirmFailure(reply, error.reason);
      throw error;
    }
  }

  /** Mail left in the outbox by a change goes now, not at the worker's next round. */
  const nudgeMail = () => app.mailWorker.nudge();

  /**
   * The step-up (decision 035), checked before anything about the firm, so an old session learns nothing and
   * changes nothing. Null when refused (the 403 is sent).
   */
  const stepUp = (request: FastifyRequest, reply: FastifyReply) =>
    requireRecentAuthentication(request, reply, app.clock());

  route(
    firmOperations.createFirm,
    "Create a firm; the caller (verified email, in no firm) becomes its owner",
    (request, reply) => answer(reply, () => createFirm(contextOf(request), request.body.name)),
  );

  route(
    firmOperations.getFirm,
    "The caller's firm and role, or null with the firm their verified domain suggests",
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getFirm(app.database.db, contextOf(request).userId, app.clock());
    },
  );

  route(
    firmOperations.updateFirm,
    "Rename the firm or change its policies (owners and admins; a policy change needs a recent sign-in)",
    async (request, reply) => {
      // Policies decide how the members sign in: an admin's act on other accounts, so it asks for the step-up.
      if (request.body.policies && !stepUp(request, reply)) return reply;
      return answer(reply, () => updateFirm(contextOf(request), request.body));
    },
  );

  route(
    firmOperations.deleteFirm,
    "Close the firm (owner, recent sign-in): its Stripe subscription is cancelled first (503 and the firm stays if Stripe refuses), memberships end, accounts stay, members are emailed",
    async (request, reply) => {
      if (!stepUp(request, reply)) return reply;
      return answer(reply, async () => {
        await deleteFirm(contextOf(request));
        nudgeMail();
        return DONE;
      });
    },
  );

  route(
    firmOperations.createFirmCheckout,
    "Buy seats (owner): a Stripe Checkout session for the firm plan with `seats` as its quantity, at least the member count; 409 while a subscription runs (change seats in the portal)",
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return answer(reply, () => startFirmCheckout(contextOf(request), request.body.seats));
    },
  );

  route(
    firmOperations.openFirmBillingPortal,
    "A Stripe customer-portal session for the firm (owner): change the seats, the card, see invoices, or cancel",
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return answer(reply, () => openFirmBillingPortal(contextOf(request)));
    },
  );

  route(firmOperations.getFirmMembers, "The firm's members, with their role (owners and admins)", (request, reply) =>
    answer(reply, async () => ({ members: await listMembers(contextOf(request)) })),
  );

  route(
    firmOperations.changeFirmMemberRole,
    "Change a member's role (owners and admins; the owner role by owners only; recent sign-in)",
    async (request, reply) => {
      if (!stepUp(request, reply)) return reply;
      return answer(reply, async () => ({
        members: await changeMemberRole(contextOf(request), request.params.userId, request.body.role),
      }));
    },
  );

  route(
    firmOperations.removeFirmMember,
    "Remove a member (owners and admins; recent sign-in); their account stays, and they are emailed",
    async (request, reply) => {
      if (!stepUp(request, reply)) return reply;
      return answer(reply, async () => {
        const members = await removeMember(contextOf(request), request.params.userId);
        nudgeMail();
        return { members };
      });
    },
  );

  route(
    firmOperations.leaveFirm,
    "Leave the firm (not its last owner); the account stays, and its owner is emailed",
    (request, reply) =>
      answer(reply, async () => {
        const context = contextOf(request);
        await leaveFirm(context);
        nudgeMail();
        return getFirm(context.db, context.userId, context.now);
      }),
  );

  route(
    firmOperations.transferFirmOwnership,
    "Hand ownership to another member and become an admin (owner, recent sign-in)",
    async (request, reply) => {
      if (!stepUp(request, reply)) return reply;
      return answer(reply, () => transferOwnership(contextOf(request), request.body.userId));
    },
  );

  route(
    firmOperations.getFirmInvitations,
    "The firm's open invitations, expired ones included (owners and admins)",
    (request, reply) => answer(reply, async () => ({ invitations: await listInvitations(contextOf(request)) })),
  );

  route(
    firmOperations.inviteToFirm,
    "Invite an address with a role, or resend: a new link valid 7 days replaces the open one (owners and admins; an admin's invitation needs a recent sign-in)",
    async (request, reply) => {
      // Whoever accepts an admin's invitation manages the firm's people: the step-up, as for a role change.
      if (request.body.role === "admin" && !stepUp(request, reply)) return reply;
      const context = contextOf(request);
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [
          { key: `firm-invite:user:${context.userId}`, limit: INVITATIONS_PER_INVITER_PER_HOUR, windowSeconds: 3600 },
          {
            // One mailbox's +tag variants (and Gmail's dotted ones) count together; the invitation goes to the address typed.
            key: `firm-invite:to:${mailboxOf(request.body.email)}`,
            limit: INVITATIONS_PER_ADDRESS_PER_DAY,
            windowSeconds: 86_400,
          },
        ],
        { message: firmRateLimitMessages.invitations },
      );
      if (!isAllowed) return reply;
      return answer(reply, async () => {
        const invitation = await inviteToFirm(context, request.body);
        nudgeMail();
        return invitation;
      });
    },
  );

  route(
    firmOperations.revokeFirmInvitation,
    "Withdraw an open invitation: its link stops working (owners and admins)",
    (request, reply) =>
      answer(reply, async () => {
        const context = contextOf(request);
        await revokeInvitation(context, request.params.id);
        return { invitations: await listInvitations(context) };
      }),
  );

  route(
    firmOperations.acceptFirmInvitation,
    "Join the firm with an invitation's token: only the account whose verified address was invited, once (recent sign-in)",
    async (request, reply) => {
      // Joining puts the account under the firm's policies and its usage in the admins' view (decision 035).
      const session = stepUp(request, reply);
      if (!session) return reply;
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [{ key: `firm-accept:user:${session.userId}`, limit: ACCEPTS_PER_ACCOUNT_PER_HOUR, windowSeconds: 3600 }],
        { message: firmRateLimitMessages.accepts },
      );
      if (!isAllowed) return reply;
      return answer(reply, () => acceptInvitation(contextOf(request), request.body.token));
    },
  );

  route(
    firmOperations.joinFirmByDomain,
    "Join, as a member, the firm Home suggests: the caller's verified address is at its suggest or automatic domain (recent sign-in)",
    async (request, reply) => {
      // As accepting an invitation: joining puts the account under the firm's policies and its usage in the
      // admins' view (decision 035), so an old stolen session cannot do it.
      if (!stepUp(request, reply)) return reply;
      const context = contextOf(request);
      return answer(reply, async () => {
        const notice = await joinFirmByDomain(context.db, context.userId, request.body.firmId, context.now);
        return { ...(await getFirm(context.db, context.userId, context.now)), ...notice };
      });
    },
  );

  app.get(
    routeUrl(firmOperations.getFirmUsage),
    {
      schema: {
        tags: [FIRMS_TAG],
        summary:
          "Memos per member and per client matter for a month (this UTC month by default), with totals: JSON, or CSV with Accept: text/csv (owners and admins)",
        ...firmOperations.getFirmUsage.schemas,
        // The contract binds the JSON answer, which callers read; the document also offers the CSV of `Accept: text/csv`.
        response: {
          ...firmOperations.getFirmUsage.schemas.response,
          200: {
            description: "The month's usage",
            content: {
              "application/json": { schema: firmOperations.getFirmUsage.schemas.response[200] },
              "text/csv": { schema: z.string() },
            },
          },
        },
      },
    },
    (request, reply) =>
      answer(reply, async () => {
        const context = contextOf(request);
        const firmId = await getAdminFirmId(context);
        const usage = await readFirmUsage(context.db, firmId, request.query.month ?? usageMonthOf(context.now));
        reply.header("cache-control", "no-store").header("vary", "accept");
        if (!wantsCsv(request.headers.accept)) return usage;
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="precis-usage-${usage.month}.csv"`)
          .send(firmUsageCsv(usage));
      }),
  );

  route(
    firmOperations.getMyFirmUsage,
    "The caller's own memos by client matter for a month (this UTC month by default), in firms they were in",
    async (request, reply) => {
      const context = contextOf(request);
      reply.header("cache-control", "no-store");
      return readMyFirmUsage(context.db, context.userId, request.query.month ?? usageMonthOf(context.now));
    },
  );

  route(
    firmOperations.getFirmDomains,
    "The firm's email domains and their join modes (owners and admins)",
    (request, reply) => answer(reply, async () => ({ domains: await listDomains(contextOf(request)) })),
  );

  route(
    firmOperations.addFirmDomain,
    "Add the domain of the caller's own verified address, not a public, internet provider's or academic one, by invitation until DNS proves it (owners and admins, recent sign-in)",
    async (request, reply) => {
      // A domain may let everyone at it join the firm: an act on other accounts (decision 035).
      if (!stepUp(request, reply)) return reply;
      return answer(reply, () =>
        addDomain(contextOf(request), { domain: request.body.domain, joinMode: request.body.joinMode }),
      );
    },
  );

  route(
    firmOperations.updateFirmDomain,
    "Change how people at a domain join: invitation, or suggest and automatic once its TXT record is proven (owners and admins, recent sign-in)",
    async (request, reply) => {
      if (!stepUp(request, reply)) return reply;
      return answer(reply, () => updateDomain(contextOf(request), request.params.domain, request.body.joinMode));
    },
  );

  route(
    firmOperations.checkFirmDomain,
    "Look the domain's TXT record up now (owners and admins): proven when found; 503 when DNS does not answer, changing nothing",
    async (request, reply) => {
      const context = contextOf(request);
      const isAllowed = await enforceRateLimits(
        app,
        reply,
        [
          {
            key: `firm-domain-check:user:${context.userId}`,
            limit: DOMAIN_CHECKS_PER_ACCOUNT_PER_HOUR,
            windowSeconds: 3600,
          },
          {
            key: `firm-domain-check:domain:${request.params.domain}`,
            limit: DOMAIN_CHECKS_PER_DOMAIN_PER_HOUR,
            windowSeconds: 3600,
          },
        ],
        { message: firmRateLimitMessages.domainChecks },
      );
      if (!isAllowed) return reply;
      reply.header("cache-control", "no-store");
      return answer(reply, async () => {
        const checked = await checkDomain(context, app.txtLookup, request.params.domain);
        // A proof that lapsed here emails the firm's admins.
        nudgeMail();
        return checked;
      });
    },
  );

  route(
    firmOperations.removeFirmDomain,
    "Remove a domain: nobody joins by it any more, and nobody leaves (owners and admins)",
    (request, reply) =>
      answer(reply, async () => {
        const context = contextOf(request);
        await removeDomain(context, request.params.domain);
        return { domains: await listDomains(context) };
      }),
  );

  route(
    firmOperations.getFirmAudit,
    "The firm's audit trail, newest first, a page at a time (owners and admins)",
    (request, reply) =>
      answer(reply, async () => {
        const firmId = await getAdminFirmId(contextOf(request));
        reply.header("cache-control", "no-store");
        return listFirmEvents(app.database.db, firmId, {
          ...(request.query.before === undefined ? {} : { before: request.query.before }),
          limit: request.query.limit ?? FIRM_AUDIT_PAGE_DEFAULT,
        });
      }),
  );
};
