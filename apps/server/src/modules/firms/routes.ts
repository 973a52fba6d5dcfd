import { firmOperations } from "@precis/contract/firms";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { mailboxOf } from "../../lib/mailbox.ts";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { listFirmEvents } from "./audit.ts";
import { joinFirmByDomain } from "./domain-join.ts";
import { FirmRefusal } from "./refusals.ts";
import { firmFailures, firmRateLimitMessages } from "./responses.ts";
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

/** The `fail` a route is handed, answering any kind of the firms' table. */
type Fail = (kind: keyof typeof firmFailures, facts?: object) => FastifyReply;

/**
 * The usage report as the document shows it: the contract binds the JSON answer, which callers read; the route
 * also answers the CSV of `Accept: text/csv`.
 */
const firmUsageWithCsv = {
  ...firmOperations.getFirmUsage,
  schemas: {
    ...firmOperations.getFirmUsage.schemas,
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
} as unknown as typeof firmOperations.getFirmUsage;

export const firmRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, FIRMS_TAG);

  const contextOf = (request: FastifyRequest): FirmContext => {
    if (!request.session) throw new Error("firm routes run only for signed-in callers");
    return { db: app.database.db, config: app.config, now: app.clock(), userId: request.session.userId };
  };

  /**
   * Runs a service call and answers its refusal, if any, through the route's declared failures (the firms'
   * table, responses.ts). The firm services still throw their refusals (refusals.ts), the one module not yet
   * on outcomes (decision 046); this is the one place that turns them into the table's answers.
   */
  async function answer<T>(fail: Fail, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof FirmRefusal) return fail(error.reason.kind, error.reason);
      throw error;
    }
  }

  /** Mail left in the outbox by a change goes now, not at the worker's next round. */
  const nudgeMail = () => app.mailWorker.nudge();

  // Every firm operation needs a session, and says so before it reads the body (401 before 400). The step-up
  // (decision 035) is checked before anything about the firm, so an old session learns nothing and changes nothing.
  const signedIn = { access: "signedIn", sessionBeforeBody: true, failures: firmFailures } as const;
  const recentlySignedIn = { access: "recentlySignedIn", sessionBeforeBody: true, failures: firmFailures } as const;

  route(
    firmOperations.createFirm,
    { summary: "Create a firm; the caller (verified email, in no firm) becomes its owner", ...signedIn },
    (request, _reply, { fail }) => answer(fail, () => createFirm(contextOf(request), request.body.name)),
  );

  route(
    firmOperations.getFirm,
    {
      summary: "The caller's firm and role, or null with the firm their verified domain suggests",
      ...signedIn,
      cache: "no-store",
    },
    async (_request, _reply, { session, now }) => getFirm(app.database.db, session.userId, now),
  );

  route(
    firmOperations.updateFirm,
    {
      summary: "Rename the firm or change its policies (owners and admins; a policy change needs a recent sign-in)",
      // Policies decide how the members sign in: an admin's act on other accounts, so it asks for the step-up.
      access: (request) => (request.body.policies ? "recentlySignedIn" : "signedIn"),
      failures: firmFailures,
    },
    (request, _reply, { fail }) => answer(fail, () => updateFirm(contextOf(request), request.body)),
  );

  route(
    firmOperations.deleteFirm,
    {
      summary:
        "Close the firm (owner, recent sign-in): its Stripe subscription is cancelled first (503 and the firm stays if Stripe refuses), memberships end, accounts stay, members are emailed",
      ...recentlySignedIn,
    },
    (request, _reply, { fail }) =>
      answer(fail, async () => {
        await deleteFirm(contextOf(request));
        nudgeMail();
        return DONE;
      }),
  );

  route(
    firmOperations.createFirmCheckout,
    {
      summary:
        "Buy seats (owner): a Stripe Checkout session for the firm plan with `seats` as its quantity, at least the member count; 409 while a subscription runs (change seats in the portal)",
      ...signedIn,
      cache: "no-store",
    },
    (request, _reply, { fail }) => answer(fail, () => startFirmCheckout(contextOf(request), request.body.seats)),
  );

  route(
    firmOperations.openFirmBillingPortal,
    {
      summary:
        "A Stripe customer-portal session for the firm (owner): change the seats, the card, see invoices, or cancel",
      ...signedIn,
      cache: "no-store",
    },
    (request, _reply, { fail }) => answer(fail, () => openFirmBillingPortal(contextOf(request))),
  );

  route(
    firmOperations.getFirmMembers,
    { summary: "The firm's members, with their role (owners and admins)", ...signedIn },
    (request, _reply, { fail }) => answer(fail, async () => ({ members: await listMembers(contextOf(request)) })),
  );

  route(
    firmOperations.changeFirmMemberRole,
    {
      summary: "Change a member's role (owners and admins; the owner role by owners only; recent sign-in)",
      ...recentlySignedIn,
    },
    (request, _reply, { fail }) =>
      answer(fail, async () => ({
        members: await changeMemberRole(contextOf(request), request.params.userId, request.body.role),
      })),
  );

  route(
    firmOperations.removeFirmMember,
    {
      summary: "Remove a member (owners and admins; recent sign-in); their account stays, and they are emailed",
      ...recentlySignedIn,
    },
    (request, _reply, { fail }) =>
      answer(fail, async () => {
        const members = await removeMember(contextOf(request), request.params.userId);
        nudgeMail();
        return { members };
      }),
  );

  route(
    firmOperations.leaveFirm,
    { summary: "Leave the firm (not its last owner); the account stays, and its owner is emailed", ...signedIn },
    (request, _reply, { fail }) =>
      answer(fail, async () => {
        const context = contextOf(request);
        await leaveFirm(context);
        nudgeMail();
        return getFirm(context.db, context.userId, context.now);
      }),
  );

  route(
    firmOperations.transferFirmOwnership,
    {
      summary: "Hand ownership to another member and become an admin (owner, recent sign-in)",
      ...recentlySignedIn,
    },
    (request, _reply, { fail }) => answer(fail, () => transferOwnership(contextOf(request), request.body.userId)),
  );

  route(
    firmOperations.getFirmInvitations,
    { summary: "The firm's open invitations, expired ones included (owners and admins)", ...signedIn },
    (request, _reply, { fail }) =>
      answer(fail, async () => ({ invitations: await listInvitations(contextOf(request)) })),
  );

  route(
    firmOperations.inviteToFirm,
    {
      summary:
        "Invite an address with a role, or resend: a new link valid 7 days replaces the open one (owners and admins; an admin's invitation needs a recent sign-in)",
      // Whoever accepts an admin's invitation manages the firm's people: the step-up, as for a role change.
      access: (request) => (request.body.role === "admin" ? "recentlySignedIn" : "signedIn"),
      rateLimits: {
        checks: (request, session) => [
          { key: `firm-invite:user:${session.userId}`, limit: INVITATIONS_PER_INVITER_PER_HOUR, windowSeconds: 3600 },
          {
            // One mailbox's +tag variants (and Gmail's dotted ones) count together; the invitation goes to the address typed.
            key: `firm-invite:to:${mailboxOf(request.body.email)}`,
            limit: INVITATIONS_PER_ADDRESS_PER_DAY,
            windowSeconds: 86_400,
          },
        ],
        message: firmRateLimitMessages.invitations,
      },
      failures: firmFailures,
    },
    (request, _reply, { fail }) =>
      answer(fail, async () => {
        const invitation = await inviteToFirm(contextOf(request), request.body);
        nudgeMail();
        return invitation;
      }),
  );

  route(
    firmOperations.revokeFirmInvitation,
    { summary: "Withdraw an open invitation: its link stops working (owners and admins)", ...signedIn },
    (request, _reply, { fail }) =>
      answer(fail, async () => {
        const context = contextOf(request);
        await revokeInvitation(context, request.params.id);
        return { invitations: await listInvitations(context) };
      }),
  );

  route(
    firmOperations.acceptFirmInvitation,
    {
      summary:
        "Join the firm with an invitation's token: only the account whose verified address was invited, once (recent sign-in)",
      // Joining puts the account under the firm's policies and its usage in the admins' view (decision 035).
      ...recentlySignedIn,
      rateLimits: {
        checks: (_request, session) => [
          { key: `firm-accept:user:${session.userId}`, limit: ACCEPTS_PER_ACCOUNT_PER_HOUR, windowSeconds: 3600 },
        ],
        message: firmRateLimitMessages.accepts,
      },
    },
    (request, _reply, { fail }) => answer(fail, () => acceptInvitation(contextOf(request), request.body.token)),
  );

  route(
    firmOperations.joinFirmByDomain,
    {
      summary:
        "Join, as a member, the firm Home suggests: the caller's verified address is at its suggest or automatic domain (recent sign-in)",
      // As accepting an invitation: joining puts the account under the firm's policies and its usage in the
      // admins' view (decision 035), so an old stolen session cannot do it.
      ...recentlySignedIn,
    },
    (request, _reply, { fail }) => {
      const context = contextOf(request);
      return answer(fail, async () => {
        const notice = await joinFirmByDomain(context.db, context.userId, request.body.firmId, context.now);
        return { ...(await getFirm(context.db, context.userId, context.now)), ...notice };
      });
    },
  );

  route(
    firmUsageWithCsv,
    {
      summary:
        "Memos per member and per client matter for a month (this UTC month by default), with totals: JSON, or CSV with Accept: text/csv (owners and admins)",
      ...signedIn,
      cache: "no-store",
    },
    (request, reply, { fail }) =>
      answer(fail, async () => {
        const context = contextOf(request);
        const firmId = await getAdminFirmId(context);
        const usage = await readFirmUsage(context.db, firmId, request.query.month ?? usageMonthOf(context.now));
        reply.header("vary", "accept");
        if (!wantsCsv(request.headers.accept)) return usage;
        return (
          reply
            .type("text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="precis-usage-${usage.month}.csv"`)
            // The CSV is the document's text/csv answer, which the JSON schema the route is typed by does not name.
            .send(firmUsageCsv(usage) as never)
        );
      }),
  );

  route(
    firmOperations.getMyFirmUsage,
    {
      summary: "The caller's own memos by client matter for a month (this UTC month by default), in firms they were in",
      access: "signedIn",
      sessionBeforeBody: true,
      cache: "no-store",
    },
    async (request, _reply, { session, now }) =>
      readMyFirmUsage(app.database.db, session.userId, request.query.month ?? usageMonthOf(now)),
  );

  route(
    firmOperations.getFirmDomains,
    { summary: "The firm's email domains and their join modes (owners and admins)", ...signedIn },
    (request, _reply, { fail }) => answer(fail, async () => ({ domains: await listDomains(contextOf(request)) })),
  );

  route(
    firmOperations.addFirmDomain,
    {
      summary:
        "Add the domain of the caller's own verified address, not a public, internet provider's or academic one, by invitation until DNS proves it (owners and admins, recent sign-in)",
      // A domain may let everyone at it join the firm: an act on other accounts (decision 035).
      ...recentlySignedIn,
    },
    (request, _reply, { fail }) =>
      answer(fail, () =>
        addDomain(contextOf(request), { domain: request.body.domain, joinMode: request.body.joinMode }),
      ),
  );

  route(
    firmOperations.updateFirmDomain,
    {
      summary:
        "Change how people at a domain join: invitation, or suggest and automatic once its TXT record is proven (owners and admins, recent sign-in)",
      ...recentlySignedIn,
    },
    (request, _reply, { fail }) =>
      answer(fail, () => updateDomain(contextOf(request), request.params.domain, request.body.joinMode)),
  );

  route(
    firmOperations.checkFirmDomain,
    {
      summary:
        "Look the domain's TXT record up now (owners and admins): proven when found; 503 when DNS does not answer, changing nothing",
      ...signedIn,
      rateLimits: {
        checks: (request, session) => [
          {
            key: `firm-domain-check:user:${session.userId}`,
            limit: DOMAIN_CHECKS_PER_ACCOUNT_PER_HOUR,
            windowSeconds: 3600,
          },
          {
            key: `firm-domain-check:domain:${request.params.domain}`,
            limit: DOMAIN_CHECKS_PER_DOMAIN_PER_HOUR,
            windowSeconds: 3600,
          },
        ],
        message: firmRateLimitMessages.domainChecks,
      },
      cache: "no-store",
    },
    (request, _reply, { fail }) =>
      answer(fail, async () => {
        const checked = await checkDomain(contextOf(request), app.txtLookup, request.params.domain);
        // A proof that lapsed here emails the firm's admins.
        nudgeMail();
        return checked;
      }),
  );

  route(
    firmOperations.removeFirmDomain,
    { summary: "Remove a domain: nobody joins by it any more, and nobody leaves (owners and admins)", ...signedIn },
    (request, _reply, { fail }) =>
      answer(fail, async () => {
        const context = contextOf(request);
        await removeDomain(context, request.params.domain);
        return { domains: await listDomains(context) };
      }),
  );

  route(
    firmOperations.getFirmAudit,
    {
      summary: "The firm's audit trail, newest first, a page at a time (owners and admins)",
      ...signedIn,
      cache: "no-store",
    },
    (request, _reply, { fail }) =>
      answer(fail, async () => {
        const firmId = await getAdminFirmId(contextOf(request));
        return listFirmEvents(app.database.db, firmId, {
          ...(request.query.before === undefined ? {} : { before: request.query.before }),
          limit: request.query.limit ?? FIRM_AUDIT_PAGE_DEFAULT,
        });
      }),
  );
};
