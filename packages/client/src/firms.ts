import {
  type AddFirmDomainRequest,
  type CreateInvitationRequest,
  type DomainJoinMode,
  type FirmRole,
  firmOperations,
  type UpdateFirmRequest,
} from "@precis/contract/firms";
import { operations, pathTo } from "@precis/contract/operations";
import type { ApiOperation } from "./index.ts";

/*
 * The firm operations (issue 44), each checked by the schema the server serialises with. Apart from the client
 * itself, as operations.ts is, because they import zod. Refusals come back as results, never thrown: 403 for a
 * role that may not (or `fields: [{ path: "reauthentication" }]` when the step-up is needed), 404 for another
 * firm's ids or no firm, 409 for the rules (the last owner, one firm per person, a claimed domain).
 */

/** `POST /api/firms`: creates a firm; the caller becomes its owner. */
export const createFirm = (name: string) =>
  ({
    ...operations.createFirm,
    body: { name },
    schema: firmOperations.createFirm.schemas.response[200],
  }) satisfies ApiOperation;

/** `GET /api/firm`: the caller's firm and role, or `firm: null` (with a `suggestion` from their domain, if any). */
export const getFirm = () =>
  ({ ...operations.getFirm, schema: firmOperations.getFirm.schemas.response[200] }) satisfies ApiOperation;

/** `PATCH /api/firm`: the name and any subset of the policies. */
export const updateFirm = (change: UpdateFirmRequest) =>
  ({
    ...operations.updateFirm,
    body: change,
    schema: firmOperations.updateFirm.schemas.response[200],
  }) satisfies ApiOperation;

/** `DELETE /api/firm`: closes the firm (owner, step-up). */
export const deleteFirm = () =>
  ({ ...operations.deleteFirm, schema: firmOperations.deleteFirm.schemas.response[200] }) satisfies ApiOperation;

export const getFirmMembers = () =>
  ({
    ...operations.getFirmMembers,
    schema: firmOperations.getFirmMembers.schemas.response[200],
  }) satisfies ApiOperation;

export const changeFirmMemberRole = (userId: number, role: FirmRole) =>
  ({
    method: operations.changeFirmMemberRole.method,
    path: pathTo(operations.changeFirmMemberRole, { userId: String(userId) }),
    body: { role },
    schema: firmOperations.changeFirmMemberRole.schemas.response[200],
  }) satisfies ApiOperation;

export const removeFirmMember = (userId: number) =>
  ({
    method: operations.removeFirmMember.method,
    path: pathTo(operations.removeFirmMember, { userId: String(userId) }),
    schema: firmOperations.removeFirmMember.schemas.response[200],
  }) satisfies ApiOperation;

export const leaveFirm = () =>
  ({ ...operations.leaveFirm, schema: firmOperations.leaveFirm.schemas.response[200] }) satisfies ApiOperation;

export const transferFirmOwnership = (userId: number) =>
  ({
    ...operations.transferFirmOwnership,
    body: { userId },
    schema: firmOperations.transferFirmOwnership.schemas.response[200],
  }) satisfies ApiOperation;

export const getFirmInvitations = () =>
  ({
    ...operations.getFirmInvitations,
    schema: firmOperations.getFirmInvitations.schemas.response[200],
  }) satisfies ApiOperation;

/** `POST /api/firm/invitations`: invites, or resends to an address already invited (a new link, 7 more days). */
export const inviteToFirm = (invitation: CreateInvitationRequest) =>
  ({
    ...operations.inviteToFirm,
    body: invitation,
    schema: firmOperations.inviteToFirm.schemas.response[200],
  }) satisfies ApiOperation;

export const revokeFirmInvitation = (id: number) =>
  ({
    method: operations.revokeFirmInvitation.method,
    path: pathTo(operations.revokeFirmInvitation, { id: String(id) }),
    schema: firmOperations.revokeFirmInvitation.schemas.response[200],
  }) satisfies ApiOperation;

/** `POST /api/firm/join-by-domain`: takes Home's "Join <firm>" suggestion (`GET /api/firm`'s `suggestion.firmId`). */
export const joinFirmByDomain = (firmId: number) =>
  ({
    ...operations.joinFirmByDomain,
    body: { firmId },
    schema: firmOperations.joinFirmByDomain.schemas.response[200],
  }) satisfies ApiOperation;

/**
 * `POST /api/firm/checkout` (owner): a Stripe Checkout URL for `seats` seats of the firm plan, at least the member
 * count; 409 while a subscription runs (seats change in the portal), 503 when the server sells nothing.
 */
export const createFirmCheckout = (seats: number) =>
  ({
    ...operations.createFirmCheckout,
    body: { seats },
    schema: firmOperations.createFirmCheckout.schemas.response[200],
  }) satisfies ApiOperation;

/** `POST /api/firm/billing-portal` (owner): the firm's Stripe customer portal; 409 before any purchase. */
export const openFirmBillingPortal = () =>
  ({
    ...operations.openFirmBillingPortal,
    schema: firmOperations.openFirmBillingPortal.schemas.response[200],
  }) satisfies ApiOperation;

/** `POST /api/firm/invitations/accept`: the token from the `/firm/join?token=…` link. */
export const acceptFirmInvitation = (token: string) =>
  ({
    ...operations.acceptFirmInvitation,
    body: { token },
    schema: firmOperations.acceptFirmInvitation.schemas.response[200],
  }) satisfies ApiOperation;

export const getFirmDomains = () =>
  ({
    ...operations.getFirmDomains,
    schema: firmOperations.getFirmDomains.schemas.response[200],
  }) satisfies ApiOperation;

export const addFirmDomain = (request: AddFirmDomainRequest) =>
  ({
    ...operations.addFirmDomain,
    body: request,
    schema: firmOperations.addFirmDomain.schemas.response[200],
  }) satisfies ApiOperation;

export const updateFirmDomain = (domain: string, joinMode: DomainJoinMode) =>
  ({
    method: operations.updateFirmDomain.method,
    path: pathTo(operations.updateFirmDomain, { domain }),
    body: { joinMode },
    schema: firmOperations.updateFirmDomain.schemas.response[200],
  }) satisfies ApiOperation;

export const removeFirmDomain = (domain: string) =>
  ({
    method: operations.removeFirmDomain.method,
    path: pathTo(operations.removeFirmDomain, { domain }),
    schema: firmOperations.removeFirmDomain.schemas.response[200],
  }) satisfies ApiOperation;

/** `GET /api/firm/audit`: a page of the trail, newest first; pass the previous page's `nextBefore` as `before`. */
export function getFirmAudit(page: { before?: number; limit?: number } = {}) {
  const query = new URLSearchParams();
  if (page.before !== undefined) query.set("before", String(page.before));
  if (page.limit !== undefined) query.set("limit", String(page.limit));
  const search = query.size > 0 ? `?${query}` : "";
  return {
    method: operations.getFirmAudit.method,
    path: `${pathTo(operations.getFirmAudit)}${search}`,
    schema: firmOperations.getFirmAudit.schemas.response[200],
  } satisfies ApiOperation;
}

const monthQuery = (month?: string) => (month === undefined ? "" : `?${new URLSearchParams({ month })}`);

/**
 * `GET /api/firm/usage`: memos per member and per matter for `month` (YYYY-MM; this UTC month without it), owners
 * and admins. The CSV download is the same path with `Accept: text/csv`, which a link or `fetch` asks for itself.
 */
export const getFirmUsage = (month?: string) =>
  ({
    method: operations.getFirmUsage.method,
    path: `${pathTo(operations.getFirmUsage)}${monthQuery(month)}`,
    schema: firmOperations.getFirmUsage.schemas.response[200],
  }) satisfies ApiOperation;

/** `GET /api/firm/usage/mine`: the caller's own memos by matter for `month`. */
export const getMyFirmUsage = (month?: string) =>
  ({
    method: operations.getMyFirmUsage.method,
    path: `${pathTo(operations.getMyFirmUsage)}${monthQuery(month)}`,
    schema: firmOperations.getMyFirmUsage.schemas.response[200],
  }) satisfies ApiOperation;
