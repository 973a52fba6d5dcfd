import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";
import { statusResponseSchema } from "./auth.ts";
import { operations, withSchemas } from "./operations.ts";
import { emailSchema } from "./profile.ts";
import { nameTextSchema, withoutInvisibleCharacters } from "./text-fields.ts";

/*
 * Firm accounts (issue 44): a firm, its members and their roles, its invitations, its verified email domains, its
 * policies and its audit trail. Every firm operation's request and response is declared here once, for the server's
 * validation and serialisation, the OpenAPI document, the typed client and the web app alike.
 */

/** owner: everything, billing and the firm's deletion included; admin: members, invitations, domains, policies, reports. */
export const firmRoles = ["owner", "admin", "member"] as const;
export const firmRoleSchema = z.enum(firmRoles);
export type FirmRole = z.infer<typeof firmRoleSchema>;

/** Ownership is given by a role change or a transfer, never by an emailed link: an invitation is for an admin or a member. */
export const invitationRoles = ["admin", "member"] as const;
export const invitationRoleSchema = z.enum(invitationRoles);

export const FIRM_NAME_MAX_LENGTH = 100;
export const firmNameSchema = nameTextSchema(FIRM_NAME_MAX_LENGTH).check(z.minLength(1, "must not be empty"));

/** An invitation is valid this long after it was sent (or last resent). */
export const INVITATION_VALID_DAYS = 7;

// ---------------------------------------------------------------------------------------------------------------
// Policies

export const matterCodeModes = ["off", "optional", "required"] as const;
export const signInMethods = ["password", "google", "microsoft"] as const;
export type SignInMethod = (typeof signInMethods)[number];

export const MATTER_CODE_MAX_LENGTH = 64;
export const MATTER_MASK_MAX_LENGTH = 64;

/*
 * A client-matter code's format mask, as legal research services take client IDs ("NNNN-NNN"). One mask character
 * stands for one character of the code, in order, so a code matches only at the mask's exact length:
 *   N  a digit, 0 to 9
 *   A  a letter, A to Z (either case)
 *   X  a letter or a digit
 *   -  .  /  _  :  #  and the space stand for themselves
 * Anything else is refused, and a mask must hold at least one N, A or X (one of separators alone asks nothing).
 * Example: "NNNN-NNN" takes "2024-017"; "AAA-NNNN" takes "ABC-0042" and "abc-0042".
 */
const MASK_PLACEHOLDERS: Record<string, RegExp> = { N: /[0-9]/, A: /[A-Za-z]/, X: /[A-Za-z0-9]/ };
const MASK_LITERALS = new Set(["-", ".", "/", "_", ":", "#", " "]);

export const isValidMatterMask = (mask: string) =>
  mask.length > 0 &&
  mask.length <= MATTER_MASK_MAX_LENGTH &&
  [...mask].every((char) => char in MASK_PLACEHOLDERS || MASK_LITERALS.has(char)) &&
  [...mask].some((char) => char in MASK_PLACEHOLDERS);

/** Whether a (trimmed) matter code has the mask's shape: same length, each character as its mask character asks. */
export function matchesMatterMask(code: string, mask: string) {
  const codeChars = [...code];
  const maskChars = [...mask];
  if (codeChars.length !== maskChars.length) return false;
  return maskChars.every((maskChar, index) => {
    const placeholder = MASK_PLACEHOLDERS[maskChar];
    return placeholder ? placeholder.test(codeChars[index] ?? "") : codeChars[index] === maskChar;
  });
}

/** A client-matter code as a member sends it with a memo (phase 2): trimmed, printable and visible, at most 64 characters. */
export const matterCodeSchema = z.string().check(
  z.trim(),
  z.minLength(1, "must not be empty"),
  z.maxLength(MATTER_CODE_MAX_LENGTH),
  z.regex(/^[\x20-\x7e\u00a0-\uffff]+$/u, "must hold printable characters only"),
  // A direction override or a zero-width space would make one code read as another, in the app and the reports.
  withoutInvisibleCharacters(),
);

export const firmPoliciesSchema = z.object({
  matterCodes: z.enum(matterCodeModes),
  matterMask: z.nullable(z.string()),
  requireTwoStep: z.boolean(),
  signInMethods: z.array(z.enum(signInMethods)),
});
export type FirmPolicies = z.infer<typeof firmPoliciesSchema>;

/** `PATCH /api/firm`'s `policies`: any subset; a mask is checked here, so a bad one gets a 400 that names it. */
export const firmPoliciesUpdateSchema = z.strictObject({
  matterCodes: z.optional(z.enum(matterCodeModes)),
  matterMask: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.refine(
            isValidMatterMask,
            "must be 1 to 64 of N (a digit), A (a letter), X (a letter or a digit) and the separators - . / _ : # or a space, with at least one N, A or X",
          ),
        ),
    ),
  ),
  requireTwoStep: z.optional(z.boolean()),
  signInMethods: z.optional(
    z.array(z.enum(signInMethods)).check(
      z.minLength(1, "must allow at least one sign-in method"),
      z.refine((methods) => new Set(methods).size === methods.length, "must name each method once"),
    ),
  ),
});
export type FirmPoliciesUpdate = z.infer<typeof firmPoliciesUpdateSchema>;

export const defaultFirmPolicies: FirmPolicies = {
  matterCodes: "off",
  matterMask: null,
  requireTwoStep: false,
  signInMethods: ["password", "google", "microsoft"],
};

// ---------------------------------------------------------------------------------------------------------------
// The firm

export const createFirmRequestSchema = z.strictObject({ name: firmNameSchema });
export type CreateFirmRequest = z.input<typeof createFirmRequestSchema>;

export const updateFirmRequestSchema = z.strictObject({
  name: z.optional(firmNameSchema),
  policies: z.optional(firmPoliciesUpdateSchema),
});
export type UpdateFirmRequest = z.input<typeof updateFirmRequestSchema>;

/**
 * The firm's seats as its owners and admins see them (issue 44). `seated`: the subscription covers the members now
 * (active, trialing or past due, within its period), so each member holds a seat and `seats` is the limit; otherwise
 * no limit applies and members keep their own access. `status` is Stripe's, null before any purchase.
 */
export const firmBillingSchema = z.object({
  seated: z.boolean(),
  status: z.nullable(z.string()),
  seats: z.nullable(z.int()),
  /** Members plus open, unexpired invitations: what a new invitation must fit beside while seated. */
  seatsPromised: z.int(),
  currentPeriodEnd: z.nullable(z.iso.datetime()),
  /** Whether the firm has a Stripe customer, so "Manage billing" can open its portal. */
  hasBillingAccount: z.boolean(),
});
export type FirmBilling = z.infer<typeof firmBillingSchema>;

export const firmSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The caller's own role in it. */
  role: firmRoleSchema,
  policies: firmPoliciesSchema,
  memberCount: z.int(),
  createdAt: z.iso.datetime(),
  /** Seats and billing: for owners and admins only. */
  billing: z.optional(firmBillingSchema),
});
export type Firm = z.infer<typeof firmSchema>;

/**
 * `GET /api/firm`: the caller's firm, or null. Without one, `suggestion` names a firm whose `suggest` domain is the
 * caller's verified address's, so Home can offer "Join <firm>" (the firm's name only, never its people).
 */
export const firmResponseSchema = z.object({
  firm: z.nullable(firmSchema),
  suggestion: z.optional(z.nullable(z.object({ firmId: z.int(), name: z.string() }))),
  /**
   * On joining (an accepted invitation, a domain join): true when the firm's seat now covers the caller and they
   * also pay for a personal plan, which Precis does not cancel for them; the join screen says how to.
   */
  personalPlanCovered: z.optional(z.literal(true)),
});
export type FirmResponse = z.infer<typeof firmResponseSchema>;

/**
 * `POST /api/firm/join-by-domain`: Home's "Join <firm>" suggestion taken. The caller, verified and in no firm, joins
 * `firmId` as a member when their verified address is at one of its `suggest` or `automatic` domains.
 */
export const joinFirmByDomainRequestSchema = z.strictObject({ firmId: z.int().check(z.positive()) });
export type JoinFirmByDomainRequest = z.input<typeof joinFirmByDomainRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Seats and billing

/** The most seats one purchase asks for: far above any firm, and a typo's 10 000 000 is refused before Stripe. */
export const FIRM_SEATS_MAX = 10_000;

/** `POST /api/firm/checkout` (owner): how many seats to buy, at least the firm's current member count. */
export const firmCheckoutRequestSchema = z.strictObject({
  seats: z.int().check(z.positive("must be at least 1"), z.lte(FIRM_SEATS_MAX, "must be at most 10000")),
});
export type FirmCheckoutRequest = z.input<typeof firmCheckoutRequestSchema>;

/** `POST /api/firm/checkout` and `/api/firm/billing-portal`: where to send the owner's browser, on Stripe. */
export const firmBillingLinkSchema = z.object({ url: z.url() });

// ---------------------------------------------------------------------------------------------------------------
// Members

export const firmMemberSchema = z.object({
  userId: z.int(),
  email: z.string(),
  name: z.string(),
  role: firmRoleSchema,
  joinedAt: z.iso.datetime(),
  /** Whether the member has a second step (an authenticator app or a passkey): on or off, never which one. */
  hasSecondStep: z.boolean(),
  /** The UTC day of the member's last sign-in still on record ("2026-11-30"), or null. */
  lastSignInDay: z.nullable(z.iso.date()),
  /** Whether the member holds one of the firm's seats; null while no subscription seats the firm. */
  hasSeat: z.nullable(z.boolean()),
});
export type FirmMember = z.infer<typeof firmMemberSchema>;

export const firmMembersResponseSchema = z.object({ members: z.array(firmMemberSchema) });

const idParam = (what: string) =>
  z.pipe(z.string().check(z.regex(/^\d{1,18}$/, `must be ${what}`)), z.transform(Number));

export const firmMemberParamsSchema = z.object({ userId: idParam("a member's user id") });

export const changeFirmMemberRoleRequestSchema = z.strictObject({ role: firmRoleSchema });
export const transferFirmOwnershipRequestSchema = z.strictObject({ userId: z.int().check(z.positive()) });

// ---------------------------------------------------------------------------------------------------------------
// Invitations

export const createInvitationRequestSchema = z.strictObject({ email: emailSchema, role: invitationRoleSchema });
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

export const firmInvitationSchema = z.object({
  id: z.int(),
  email: z.string(),
  role: invitationRoleSchema,
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  isExpired: z.boolean(),
});
export type FirmInvitation = z.infer<typeof firmInvitationSchema>;

export const firmInvitationsResponseSchema = z.object({ invitations: z.array(firmInvitationSchema) });
export const firmInvitationParamsSchema = z.object({ id: idParam("an invitation id") });

/** The link's token: 256 random bits, base64url. */
export const acceptInvitationRequestSchema = z.strictObject({
  token: z.string().check(z.regex(/^[\w-]{20,100}$/, "must be the token of an invitation link")),
});

/**
 * `POST /api/firm/invitations/preview`, signed in or out: what an open invitation's link is for, so its reader can
 * check it before joining. Only the firm's name, the inviter's and the role: never the invited address or anyone
 * else's. An unknown, expired, used or withdrawn token gets the same 404.
 */
export const firmInvitationPreviewSchema = z.object({
  firmName: z.string(),
  /** Null once the inviter's account is deleted. */
  inviterName: z.nullable(z.string()),
  role: invitationRoleSchema,
});
export type FirmInvitationPreview = z.infer<typeof firmInvitationPreviewSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Domains

export const domainJoinModes = ["invitation", "suggest", "automatic"] as const;
export const domainJoinModeSchema = z.enum(domainJoinModes);
export type DomainJoinMode = z.infer<typeof domainJoinModeSchema>;

/** A domain name as the part of an address after "@": lower-cased, letters, digits and hyphens, a dot between labels. */
export const domainNameSchema = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(253),
      z.regex(
        /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/,
        "must be a domain name such as firm.ca",
      ),
    ),
  z.transform((domain: string) => domain.toLowerCase()),
);

export const addFirmDomainRequestSchema = z.strictObject({
  domain: domainNameSchema,
  joinMode: z._default(domainJoinModeSchema, "invitation"),
});
export type AddFirmDomainRequest = z.input<typeof addFirmDomainRequestSchema>;
export const updateFirmDomainRequestSchema = z.strictObject({ joinMode: domainJoinModeSchema });
export const firmDomainParamsSchema = z.object({ domain: domainNameSchema });

/**
 * Ownership, apart from affiliation (decision 038): an admin's mailbox at the domain is enough for `invitation`;
 * `suggest` and `automatic` also need a TXT record at `_precis-verification.<domain>` holding the domain's value.
 * Checked when asked and every day; missing this many days in a row, the domain goes back to `invitation`.
 */
export const DOMAIN_PROOF_GRACE_DAYS = 7;
export const DOMAIN_PROOF_RECORD_PREFIX = "_precis-verification";
export const domainProofRecordNameOf = (domain: string) => `${DOMAIN_PROOF_RECORD_PREFIX}.${domain}`;
export const domainProofRecordValueOf = (token: string) => `precis-domain-verification=${token}`;
/** The join modes that reach people nobody invited, and so need the DNS proof. */
export const isProofNeededFor = (joinMode: DomainJoinMode) => joinMode !== "invitation";

/**
 * proven: the record was found at the last check (since `provenAt`); missing: a proven domain's record has not been
 * found since `missingSince` (within the grace while `provenAt` stays, after it the proof is gone); unproven: never
 * found since the domain was added or its proof lapsed.
 */
export const domainProofStatuses = ["proven", "missing", "unproven"] as const;
export const domainProofSchema = z.object({
  status: z.enum(domainProofStatuses),
  provenAt: z.nullable(z.iso.datetime()),
  missingSince: z.nullable(z.iso.datetime()),
  /** When a proven domain whose record stays missing goes back to invitation; null unless it is in its grace. */
  graceEndsAt: z.nullable(z.iso.datetime()),
  checkedAt: z.nullable(z.iso.datetime()),
});
export type DomainProof = z.infer<typeof domainProofSchema>;

export const firmDomainSchema = z.object({
  domain: z.string(),
  joinMode: domainJoinModeSchema,
  addedAt: z.iso.datetime(),
  /** The TXT record that proves the firm controls the domain: publish `value` at `name`. */
  record: z.object({ type: z.literal("TXT"), name: z.string(), value: z.string() }),
  proof: domainProofSchema,
});
export type FirmDomain = z.infer<typeof firmDomainSchema>;
export const firmDomainsResponseSchema = z.object({ domains: z.array(firmDomainSchema) });
/** `POST /api/firm/domains/{domain}/check`: the domain after the lookup, and whether its record was there. */
export const checkFirmDomainResponseSchema = z.object({ domain: firmDomainSchema, isRecordFound: z.boolean() });
export type CheckFirmDomainResponse = z.infer<typeof checkFirmDomainResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The audit trail

export const firmAuditEventTypes = [
  "firm_created",
  "firm_renamed",
  "policy_changed",
  "invitation_sent",
  "invitation_resent",
  "invitation_revoked",
  "invitation_accepted",
  // The invited person said no, from the join screen: the invitation is closed and the inviter emailed.
  "invitation_declined",
  "member_joined",
  "member_left",
  "member_removed",
  "role_changed",
  "ownership_transferred",
  // An owner or admin ended every session of a member, portal and extension.
  "member_sessions_ended",
  "domain_added",
  "domain_changed",
  "domain_removed",
  // A TXT record proved the domain is the firm's (decision 038).
  "domain_proven",
  // Suggest or automatic taken away: its record missing for the grace, or (the migration) never proven.
  "domain_returned_to_invitation",
  // From Stripe's webhooks: the seat count or the subscription's status changed.
  "seats_changed",
  // An automatic domain join left out because every seat was taken.
  "seat_refused",
  // Enterprise sign-in (issue 55): a connection to the firm's identity provider, and what was done to it.
  "enterprise_connection_added",
  "enterprise_connection_changed",
  "enterprise_connection_removed",
  "enterprise_connection_domain_bound",
  "enterprise_connection_domain_unbound",
  "enterprise_connection_tested",
  "enterprise_connection_activated",
] as const;
export type FirmAuditEventType = (typeof firmAuditEventTypes)[number];

export const firmAuditEventSchema = z.object({
  id: z.int(),
  event: z.enum(firmAuditEventTypes),
  occurredAt: z.iso.datetime(),
  /** Who did it; null once that account is deleted, or for Stripe's changes. */
  actor: z.nullable(z.object({ userId: z.int(), name: z.string() })),
  /** Whom it concerned, when a member: joined, left, removed, role changed, ownership transferred. */
  subject: z.nullable(z.object({ userId: z.int(), name: z.string() })),
  /** What changed: an invited address, roles before and after, a domain and its mode, the policy fields changed. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type FirmAuditEvent = z.infer<typeof firmAuditEventSchema>;

export const FIRM_AUDIT_PAGE_MAX = 100;
export const firmAuditQuerySchema = z.object({
  /** The page before this event id (the previous page's `nextBefore`); the newest page without it. */
  before: z.optional(idParam("an event id")),
  limit: z.optional(
    z
      .pipe(z.string().check(z.regex(/^\d{1,3}$/, "must be a number from 1 to 100")), z.transform(Number))
      .check(z.refine((limit) => limit >= 1 && limit <= FIRM_AUDIT_PAGE_MAX, "must be a number from 1 to 100")),
  ),
});
export const firmAuditResponseSchema = z.object({
  events: z.array(firmAuditEventSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.nullable(z.int()),
});
export type FirmAuditResponse = z.infer<typeof firmAuditResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Usage by client matter (phase 2)

/** A UTC calendar month, as the counts are kept: "2026-11". */
export const usageMonthSchema = z.string().check(z.regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, "must be a month as YYYY-MM"));

/** `GET /api/firm/usage` and `/api/firm/usage/mine`: the month, this UTC month when not given. */
export const firmUsageQuerySchema = z.object({ month: z.optional(usageMonthSchema) });

/** Memos under one client-matter code; "" is "no code given". */
export const matterCountSchema = z.object({ matter: z.string(), memoCount: z.int() });
export type MatterCount = z.infer<typeof matterCountSchema>;

/**
 * `GET /api/firm/usage` (owners and admins): memos per member and per matter for a month, with totals. Counts and
 * codes only: never a member's memo settings, presets or anything the extension sent. Every current member is
 * listed, at 0 when they made no memo; a former member's counts stay under their name while their account lasts.
 */
export const firmUsageResponseSchema = z.object({
  month: z.string(),
  members: z.array(
    z.object({
      userId: z.int(),
      name: z.string(),
      email: z.string(),
      isMember: z.boolean(),
      total: z.int(),
      matters: z.array(matterCountSchema),
    }),
  ),
  matters: z.array(z.object({ matter: z.string(), memoCount: z.int(), memberCount: z.int() })),
  total: z.int(),
});
export type FirmUsage = z.infer<typeof firmUsageResponseSchema>;

/** `GET /api/firm/usage/mine`: the caller's own memos by matter for a month, in the firms they belonged to. */
export const myFirmUsageResponseSchema = z.object({
  month: z.string(),
  matters: z.array(matterCountSchema),
  total: z.int(),
});
export type MyFirmUsage = z.infer<typeof myFirmUsageResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The operations

/** `POST /api/firm/leave-link`: the address of an account whose firm's policy refuses how it signs in. */
export const leaveLinkRequestSchema = z.strictObject({ email: emailSchema });
/** `POST /api/firm/leave-by-link`: the emailed link's token (256 random bits, base64url). */
export const leaveByLinkRequestSchema = z.strictObject({
  token: z.string().check(z.regex(/^[\w-]{43}$/, "is not a link's token")),
});
/** What leaving by the link answers: the firm left, by name, for the page to say. */
export const leaveByLinkResponseSchema = z.object({ Status: z.literal("Success"), firmName: z.string() });
export type LeaveByLinkResponse = z.infer<typeof leaveByLinkResponseSchema>;

/**
 * Leaving by an emailed link, signed out (issue 53: a policy never traps). The request answers alike whether or not
 * the address has an account or a firm; the link's use refuses a spent, expired or foreign token with 401, and the
 * last owner with 409.
 */
export const leaveLinkOperations = {
  requestLeaveLink: withSchemas(operations.requestLeaveLink, {
    body: leaveLinkRequestSchema,
    response: { 200: statusResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  // 404: the person's firm was closed while the link was being used.
  leaveByLink: withSchemas(operations.leaveByLink, {
    body: leaveByLinkRequestSchema,
    response: {
      200: leaveByLinkResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
};

/** The refusals of nearly every firm operation: no session, a role that may not (or the step-up), no firm. */
const firmRefusals = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/**
 * The refusals of what a link's token alone may do, signed in or out (the join screen's read and decline): a
 * malformed token, the same 404 for one unknown, expired, used or withdrawn (so a token's fate is not told), and
 * too many tries.
 */
const invitationTokenRefusals = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema } as const;

/** The firm operations with their schemas (issue 41): each status a route answers, its own refusals included. */
export const firmOperations = {
  createFirm: withSchemas(operations.createFirm, {
    body: createFirmRequestSchema,
    response: { 200: firmResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
  }),
  getFirm: withSchemas(operations.getFirm, { response: { 200: firmResponseSchema, 401: apiErrorSchema } }),
  // 409: a name that looks like another firm's, or sign-in methods that would lock the caller out.
  updateFirm: withSchemas(operations.updateFirm, {
    body: updateFirmRequestSchema,
    response: { 200: firmResponseSchema, ...firmRefusals, 409: apiErrorSchema },
  }),
  // 503: Stripe did not cancel the firm's subscription, so the firm stays.
  deleteFirm: withSchemas(operations.deleteFirm, {
    response: { 200: statusResponseSchema, ...firmRefusals, 503: apiErrorSchema },
  }),
  createFirmCheckout: withSchemas(operations.createFirmCheckout, {
    body: firmCheckoutRequestSchema,
    response: {
      200: firmBillingLinkSchema,
      400: apiErrorSchema,
      ...firmRefusals,
      409: apiErrorSchema,
      503: apiErrorSchema,
    },
  }),
  openFirmBillingPortal: withSchemas(operations.openFirmBillingPortal, {
    response: { 200: firmBillingLinkSchema, ...firmRefusals, 409: apiErrorSchema, 503: apiErrorSchema },
  }),
  getFirmMembers: withSchemas(operations.getFirmMembers, {
    response: { 200: firmMembersResponseSchema, ...firmRefusals },
  }),
  changeFirmMemberRole: withSchemas(operations.changeFirmMemberRole, {
    params: firmMemberParamsSchema,
    body: changeFirmMemberRoleRequestSchema,
    response: { 200: firmMembersResponseSchema, ...firmRefusals, 409: apiErrorSchema },
  }),
  removeFirmMember: withSchemas(operations.removeFirmMember, {
    params: firmMemberParamsSchema,
    response: { 200: firmMembersResponseSchema, ...firmRefusals, 409: apiErrorSchema },
  }),
  leaveFirm: withSchemas(operations.leaveFirm, {
    response: { 200: firmResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  transferFirmOwnership: withSchemas(operations.transferFirmOwnership, {
    body: transferFirmOwnershipRequestSchema,
    response: { 200: firmResponseSchema, ...firmRefusals, 409: apiErrorSchema },
  }),
  getFirmInvitations: withSchemas(operations.getFirmInvitations, {
    response: { 200: firmInvitationsResponseSchema, ...firmRefusals },
  }),
  inviteToFirm: withSchemas(operations.inviteToFirm, {
    body: createInvitationRequestSchema,
    response: { 200: firmInvitationSchema, ...firmRefusals, 409: apiErrorSchema, 429: apiErrorSchema },
  }),
  revokeFirmInvitation: withSchemas(operations.revokeFirmInvitation, {
    params: firmInvitationParamsSchema,
    response: { 200: firmInvitationsResponseSchema, ...firmRefusals },
  }),
  acceptFirmInvitation: withSchemas(operations.acceptFirmInvitation, {
    body: acceptInvitationRequestSchema,
    response: {
      200: firmResponseSchema,
      ...firmRefusals,
      409: apiErrorSchema,
      410: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  previewFirmInvitation: withSchemas(operations.previewFirmInvitation, {
    body: acceptInvitationRequestSchema,
    response: { 200: firmInvitationPreviewSchema, ...invitationTokenRefusals },
  }),
  declineFirmInvitation: withSchemas(operations.declineFirmInvitation, {
    body: acceptInvitationRequestSchema,
    response: { 200: statusResponseSchema, ...invitationTokenRefusals },
  }),
  // 403 also for an admin ending an owner's sessions; 409 for one's own (Sign out everywhere is for that).
  endFirmMemberSessions: withSchemas(operations.endFirmMemberSessions, {
    params: firmMemberParamsSchema,
    response: { 200: statusResponseSchema, ...firmRefusals, 409: apiErrorSchema },
  }),
  joinFirmByDomain: withSchemas(operations.joinFirmByDomain, {
    body: joinFirmByDomainRequestSchema,
    response: { 200: firmResponseSchema, ...firmRefusals, 409: apiErrorSchema },
  }),
  /** The JSON answer; the server also answers the month as CSV to `Accept: text/csv` (a file, not read with zod). */
  getFirmUsage: withSchemas(operations.getFirmUsage, {
    querystring: firmUsageQuerySchema,
    response: { 200: firmUsageResponseSchema, ...firmRefusals },
  }),
  getMyFirmUsage: withSchemas(operations.getMyFirmUsage, {
    querystring: firmUsageQuerySchema,
    response: { 200: myFirmUsageResponseSchema, 401: apiErrorSchema },
  }),
  getFirmDomains: withSchemas(operations.getFirmDomains, {
    response: { 200: firmDomainsResponseSchema, ...firmRefusals },
  }),
  // 400: a public or a school's domain, which the service refuses beyond the body's own schema; 409: taken, or
  // suggest or automatic before any DNS proof (a new domain has none).
  addFirmDomain: withSchemas(operations.addFirmDomain, {
    body: addFirmDomainRequestSchema,
    response: { 200: firmDomainSchema, 400: apiErrorSchema, ...firmRefusals, 409: apiErrorSchema },
  }),
  updateFirmDomain: withSchemas(operations.updateFirmDomain, {
    params: firmDomainParamsSchema,
    body: updateFirmDomainRequestSchema,
    // 409: suggest or automatic for a domain no DNS record has proven.
    response: { 200: firmDomainSchema, ...firmRefusals, 409: apiErrorSchema },
  }),
  // 503: DNS gave no answer (nothing was changed); 429: too many checks.
  checkFirmDomain: withSchemas(operations.checkFirmDomain, {
    params: firmDomainParamsSchema,
    response: { 200: checkFirmDomainResponseSchema, ...firmRefusals, 429: apiErrorSchema, 503: apiErrorSchema },
  }),
  removeFirmDomain: withSchemas(operations.removeFirmDomain, {
    params: firmDomainParamsSchema,
    response: { 200: firmDomainsResponseSchema, ...firmRefusals },
  }),
  getFirmAudit: withSchemas(operations.getFirmAudit, {
    querystring: firmAuditQuerySchema,
    response: { 200: firmAuditResponseSchema, ...firmRefusals },
  }),
};
