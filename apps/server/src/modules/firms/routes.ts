import { firmOperations } from "@precis/contract/firms";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { mailboxOf } from "../../lib/mailbox.ts";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { listFirmEvents } from "./audit.ts";
import { type FirmContext, findAdminFirmId } from "./caller-firm.ts";
import { joinFirmByDomain } from "./domain-join.ts";
import { addDomain, checkDomain, listDomains, removeDomain, updateDomain } from "./domains.ts";
import { createFirm, deleteFirm, getFirm, updateFirm } from "./firm.ts";
import {
  acceptInvitation,
  declineInvitation,
  inviteToFirm,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from "./invitations.ts";
import {
  changeMemberRole,
  endMemberSessions,
  leaveFirm,
  listMembers,
  removeMember,
  transferOwnership,
} from "./members.ts";
import { firmFailures, firmRateLimitMessages } from "./responses.ts";
import { openFirmBillingPortal, startFirmCheckout } from "./seat-checkout.ts";
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
 * The join screen's reads and declines of a token, signed in (per account, as accepts) or out (per address: a
 * firm's office behind one address opens its invitations together, so more than one person's worth).
 */
const TOKEN_READS_PER_ACCOUNT_PER_HOUR = ACCEPTS_PER_ACCOUNT_PER_HOUR;
const TOKEN_READS_PER_IP_PER_HOUR = 60;
/**
 * DNS checks (Check now) an hour, per account and per domain: each is a lookup sent out from the server, and a
 * record being published needs a few tries at most.
 */
const DOMAIN_CHECKS_PER_ACCOUNT_PER_HOUR = 30;
const DOMAIN_CHECKS_PER_DOMAIN_PER_HOUR = 30;

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

  /** Mail left in the outbox by a change goes now, not at the worker's next round. */
  const nudgeMail = () => app.mailWorker.nudge();

  // Every firm operation needs a session, and says so before it reads the body (401 before 400). The step-up
  // (decision 035) is checked before anything about the firm, so an old session learns nothing and changes nothing.
  const signedIn = { access: "signedIn", sessionBeforeBody: true } as const;
  const recentlySignedIn = { access: "recentlySignedIn", sessionBeforeBody: true } as const;

  route(
    firmOperations.createFirm,
    {
      summary: "Create a firm; the caller (verified email, in no firm) becomes its owner",
      ...signedIn,
      failures: firmFailures.createFirm,
    },
    async (request, _reply, { fail }) => {
      const created = await createFirm(contextOf(request), request.body.name);
      return created.outcome === "created" ? { firm: created.firm } : fail(created.outcome, created);
    },
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
      failures: firmFailures.updateFirm,
    },
    async (request, _reply, { fail }) => {
      const updated = await updateFirm(contextOf(request), request.body);
      return updated.outcome === "updated" ? { firm: updated.firm } : fail(updated.outcome, updated);
    },
  );

  route(
    firmOperations.deleteFirm,
    {
      summary:
        "Close the firm (owner, recent sign-in): its Stripe subscription is cancelled first (503 and the firm stays if Stripe refuses), memberships end, accounts stay, members are emailed",
      ...recentlySignedIn,
      failures: firmFailures.deleteFirm,
    },
    async (request, _reply, { fail }) => {
      const deleted = await deleteFirm(contextOf(request));
      if (deleted.outcome !== "deleted") return fail(deleted.outcome, deleted);
      nudgeMail();
      return DONE;
    },
  );

  route(
    firmOperations.createFirmCheckout,
    {
      summary:
        "Buy seats (owner): a Stripe Checkout session for the firm plan with `seats` as its quantity, at least the member count; 409 while a subscription runs (change seats in the portal)",
      ...signedIn,
      cache: "no-store",
      failures: firmFailures.startFirmCheckout,
    },
    async (request, _reply, { fail }) => {
      const checkout = await startFirmCheckout(contextOf(request), request.body.seats);
      return checkout.outcome === "started" ? { url: checkout.url } : fail(checkout.outcome, checkout);
    },
  );

  route(
    firmOperations.openFirmBillingPortal,
    {
      summary:
        "A Stripe customer-portal session for the firm (owner): change the seats, the card, see invoices, or cancel",
      ...signedIn,
      cache: "no-store",
      failures: firmFailures.openFirmBillingPortal,
    },
    async (request, _reply, { fail }) => {
      const portal = await openFirmBillingPortal(contextOf(request));
      return portal.outcome === "opened" ? { url: portal.url } : fail(portal.outcome, portal);
    },
  );

  route(
    firmOperations.getFirmMembers,
    {
      summary: "The firm's members, with their role (owners and admins)",
      ...signedIn,
      failures: firmFailures.listMembers,
    },
    async (request, _reply, { fail }) => {
      const listed = await listMembers(contextOf(request));
      return listed.outcome === "listed" ? { members: listed.members } : fail(listed.outcome, listed);
    },
  );

  route(
    firmOperations.changeFirmMemberRole,
    {
      summary: "Change a member's role (owners and admins; the owner role by owners only; recent sign-in)",
      ...recentlySignedIn,
      failures: firmFailures.changeMemberRole,
    },
    async (request, _reply, { fail }) => {
      const changed = await changeMemberRole(contextOf(request), request.params.userId, request.body.role);
      return changed.outcome === "changed" ? { members: changed.members } : fail(changed.outcome, changed);
    },
  );

  route(
    firmOperations.removeFirmMember,
    {
      summary: "Remove a member (owners and admins; recent sign-in); their account stays, and they are emailed",
      ...recentlySignedIn,
      failures: firmFailures.removeMember,
    },
    async (request, _reply, { fail }) => {
      const removed = await removeMember(contextOf(request), request.params.userId);
      if (removed.outcome !== "removed") return fail(removed.outcome, removed);
      nudgeMail();
      return { members: removed.members };
    },
  );

  route(
    firmOperations.endFirmMemberSessions,
    {
      summary:
        "Sign a member out everywhere, portal and extension (owners and admins, an owner's by owners only; recent sign-in); they are emailed, and the caller sees no session",
      // An act on another account's access, as a removal is (decision 035).
      ...recentlySignedIn,
      failures: firmFailures.endMemberSessions,
    },
    async (request, _reply, { fail }) => {
      const ended = await endMemberSessions(contextOf(request), request.params.userId);
      if (ended.outcome !== "ended") return fail(ended.outcome, ended);
      nudgeMail();
      return DONE;
    },
  );

  route(
    firmOperations.leaveFirm,
    {
      summary: "Leave the firm (not its last owner); the account stays, and its owner is emailed",
      ...signedIn,
      failures: firmFailures.leaveFirm,
    },
    async (request, _reply, { fail }) => {
      const context = contextOf(request);
      const left = await leaveFirm(context);
      if (left.outcome !== "left") return fail(left.outcome, left);
      nudgeMail();
      return getFirm(context.db, context.userId, context.now);
    },
  );

  route(
    firmOperations.transferFirmOwnership,
    {
      summary: "Hand ownership to another member and become an admin (owner, recent sign-in)",
      ...recentlySignedIn,
      failures: firmFailures.transferOwnership,
    },
    async (request, _reply, { fail }) => {
      const transferred = await transferOwnership(contextOf(request), request.body.userId);
      return transferred.outcome === "transferred"
        ? { firm: transferred.firm }
        : fail(transferred.outcome, transferred);
    },
  );

  route(
    firmOperations.getFirmInvitations,
    {
      summary: "The firm's open invitations, expired ones included (owners and admins)",
      ...signedIn,
      failures: firmFailures.listInvitations,
    },
    async (request, _reply, { fail }) => {
      const listed = await listInvitations(contextOf(request));
      return listed.outcome === "listed" ? { invitations: listed.invitations } : fail(listed.outcome, listed);
    },
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
      failures: firmFailures.inviteToFirm,
    },
    async (request, _reply, { fail }) => {
      const invited = await inviteToFirm(contextOf(request), request.body);
      if (invited.outcome !== "invited") return fail(invited.outcome, invited);
      nudgeMail();
      return invited.invitation;
    },
  );

  route(
    firmOperations.revokeFirmInvitation,
    {
      summary: "Withdraw an open invitation: its link stops working (owners and admins)",
      ...signedIn,
      failures: firmFailures.revokeInvitation,
    },
    async (request, _reply, { fail }) => {
      const revoked = await revokeInvitation(contextOf(request), request.params.id);
      return revoked.outcome === "revoked" ? { invitations: revoked.invitations } : fail(revoked.outcome, revoked);
    },
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
      failures: firmFailures.acceptInvitation,
    },
    async (request, _reply, { fail }) => {
      const accepted = await acceptInvitation(contextOf(request), request.body.token);
      return accepted.outcome === "joined" ? accepted.response : fail(accepted.outcome, accepted);
    },
  );

  const tokenReadLimits = {
    checks: (request: FastifyRequest, session: { userId: number } | null) => [
      session
        ? { key: `firm-token:user:${session.userId}`, limit: TOKEN_READS_PER_ACCOUNT_PER_HOUR, windowSeconds: 3600 }
        : { key: `firm-token:ip:${request.ip}`, limit: TOKEN_READS_PER_IP_PER_HOUR, windowSeconds: 3600 },
    ],
    message: firmRateLimitMessages.accepts,
  };

  route(
    firmOperations.previewFirmInvitation,
    {
      summary:
        "What an invitation's link is for, signed in or out: the firm's name, the inviter's and the role only; the same 404 for a token unknown, expired, used or withdrawn",
      access: "anyone",
      rateLimits: tokenReadLimits,
      cache: "no-store",
      failures: firmFailures.previewInvitation,
    },
    async (request, _reply, { fail, now }) => {
      const found = await previewInvitation(app.database.db, request.body.token, now);
      return found.outcome === "found" ? found.preview : fail(found.outcome, found);
    },
  );

  route(
    firmOperations.declineFirmInvitation,
    {
      summary:
        "Decline an invitation by its link's token, signed in or out: it closes, the firm's trail says so, and the inviter is emailed",
      access: "anyone",
      rateLimits: tokenReadLimits,
      failures: firmFailures.declineInvitation,
    },
    async (request, _reply, { fail, now }) => {
      const declined = await declineInvitation({ db: app.database.db, config: app.config, now }, request.body.token);
      if (declined.outcome !== "declined") return fail(declined.outcome, declined);
      nudgeMail();
      return DONE;
    },
  );

  route(
    firmOperations.joinFirmByDomain,
    {
      summary:
        "Join, as a member, the firm Home suggests: the caller's verified address is at its suggest or automatic domain (recent sign-in)",
      // As accepting an invitation: joining puts the account under the firm's policies and its usage in the
      // admins' view (decision 035), so an old stolen session cannot do it.
      ...recentlySignedIn,
      failures: firmFailures.joinFirmByDomain,
    },
    async (request, _reply, { fail }) => {
      const context = contextOf(request);
      const joined = await joinFirmByDomain(context.db, context.userId, request.body.firmId, context.now);
      if (joined.outcome !== "joined") return fail(joined.outcome, joined);
      return { ...(await getFirm(context.db, context.userId, context.now)), ...joined.notice };
    },
  );

  route(
    firmUsageWithCsv,
    {
      summary:
        "Memos per member and per client matter for a month (this UTC month by default), with totals: JSON, or CSV with Accept: text/csv (owners and admins)",
      ...signedIn,
      cache: "no-store",
      failures: firmFailures.findAdminFirmId,
    },
    async (request, reply, { fail }) => {
      const context = contextOf(request);
      const found = await findAdminFirmId(context);
      if (found.outcome !== "found") return fail(found.outcome, found);
      const usage = await readFirmUsage(context.db, found.firmId, request.query.month ?? usageMonthOf(context.now));
      reply.header("vary", "accept");
      if (!wantsCsv(request.headers.accept)) return usage;
      return (
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="precis-usage-${usage.month}.csv"`)
          // The CSV is the document's text/csv answer, which the JSON schema the route is typed by does not name.
          .send(firmUsageCsv(usage) as never)
      );
    },
  );

  route(
    firmOperations.getMyFirmUsage,
    {
      summary: "The caller's own memos by client matter for a month (this UTC month by default), in firms they were in",
      ...signedIn,
      cache: "no-store",
    },
    async (request, _reply, { session, now }) =>
      readMyFirmUsage(app.database.db, session.userId, request.query.month ?? usageMonthOf(now)),
  );

  route(
    firmOperations.getFirmDomains,
    {
      summary: "The firm's email domains and their join modes (owners and admins)",
      ...signedIn,
      failures: firmFailures.listDomains,
    },
    async (request, _reply, { fail }) => {
      const listed = await listDomains(contextOf(request));
      return listed.outcome === "listed" ? { domains: listed.domains } : fail(listed.outcome, listed);
    },
  );

  route(
    firmOperations.addFirmDomain,
    {
      summary:
        "Add the domain of the caller's own verified address, not a public, internet provider's or academic one, by invitation until DNS proves it (owners and admins, recent sign-in)",
      // A domain may let everyone at it join the firm: an act on other accounts (decision 035).
      ...recentlySignedIn,
      failures: firmFailures.addDomain,
    },
    async (request, _reply, { fail }) => {
      const { domain, joinMode } = request.body;
      const added = await addDomain(contextOf(request), { domain, joinMode });
      return added.outcome === "added" ? added.domain : fail(added.outcome, added);
    },
  );

  route(
    firmOperations.updateFirmDomain,
    {
      summary:
        "Change how people at a domain join: invitation, or suggest and automatic once its TXT record is proven (owners and admins, recent sign-in)",
      ...recentlySignedIn,
      failures: firmFailures.updateDomain,
    },
    async (request, _reply, { fail }) => {
      const updated = await updateDomain(contextOf(request), request.params.domain, request.body.joinMode);
      return updated.outcome === "updated" ? updated.domain : fail(updated.outcome, updated);
    },
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
      failures: firmFailures.checkDomain,
    },
    async (request, _reply, { fail }) => {
      const checked = await checkDomain(contextOf(request), app.txtLookup, request.params.domain);
      if (checked.outcome !== "checked") return fail(checked.outcome, checked);
      // A proof that lapsed here emails the firm's admins.
      nudgeMail();
      return { domain: checked.domain, isRecordFound: checked.isRecordFound };
    },
  );

  route(
    firmOperations.removeFirmDomain,
    {
      summary: "Remove a domain: nobody joins by it any more, and nobody leaves (owners and admins)",
      ...signedIn,
      failures: firmFailures.removeDomain,
    },
    async (request, _reply, { fail }) => {
      const removed = await removeDomain(contextOf(request), request.params.domain);
      return removed.outcome === "removed" ? { domains: removed.domains } : fail(removed.outcome, removed);
    },
  );

  route(
    firmOperations.getFirmAudit,
    {
      summary: "The firm's audit trail, newest first, a page at a time (owners and admins)",
      ...signedIn,
      cache: "no-store",
      failures: firmFailures.findAdminFirmId,
    },
    async (request, _reply, { fail }) => {
      const found = await findAdminFirmId(contextOf(request));
      if (found.outcome !== "found") return fail(found.outcome, found);
      return listFirmEvents(app.database.db, found.firmId, {
        ...(request.query.before === undefined ? {} : { before: request.query.before }),
        limit: request.query.limit ?? FIRM_AUDIT_PAGE_DEFAULT,
      });
    },
  );
};
