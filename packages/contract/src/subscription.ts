import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";
import { matterCodeSchema } from "./firms.ts";
import { operations, withSchemas } from "./operations.ts";

export const TRIAL_DAYS = 30;
export const STUDENT_FREE_YEARS = 2;

/** `POST /api/pricing-session` (product §7): the plan, when the account has one, and who is buying. */
export const pricingSessionResponseSchema = z.object({
  plan: z.optional(
    z.object({
      name: z.string(),
      details: z.string(),
      price: z.object({ period: z.string() }),
    }),
  ),
  userId: z.string(),
  email: z.string(),
});
export type PricingSession = z.infer<typeof pricingSessionResponseSchema>;

export const billingPortalResponseSchema = z.object({ url: z.url() });

/**
 * `unverified`: a password account whose email is not proven yet has no free access (its trial starts then).
 * `policy`: the account's firm has a policy it does not meet yet (issue 44); `policyReason` says which.
 * `firm`: a seat of the account's firm, whose subscription covers its members (issue 44).
 */
export const accessKinds = ["trial", "student", "subscription", "none", "unverified", "policy", "firm"] as const;
export type AccessKind = (typeof accessKinds)[number];

/** `twoStepRequired`: the firm requires two-step verification and the member has no authenticator app or passkey. */
export const policyReasons = ["twoStepRequired"] as const;
export type PolicyReason = (typeof policyReasons)[number];

/** `GET /api/entitlement`: what the extension may do for this account right now. */
export const entitlementResponseSchema = z.object({
  access: z.enum(accessKinds),
  /** ISO date-time when the current access ends; null when there is none. */
  endsAt: z.nullable(z.iso.datetime()),
  memo: z.object({
    /** null means unlimited. */
    monthlyLimit: z.nullable(z.int().check(z.nonnegative())),
    usedThisMonth: z.int().check(z.nonnegative()),
  }),
  /**
   * True when the occupation would give student access but the account's verified email is not at an
   * academic domain: the account has the ordinary trial, and the pages say how to get student access.
   */
  needsAcademicEmail: z.boolean(),
  /**
   * Present, and true, when the account has no access because its trial was already used by another account
   * with the same address or a variant of it (a `+tag`, or dots in a Gmail address): the pages say so and offer
   * a plan, instead of a bare "no active plan". Absent otherwise, so older readers see no change.
   */
  trialUsedByAddress: z.optional(z.literal(true)),
  /*
   * Firm accounts (issue 44). Optional, so a client built before them still parses the answer (z.object keeps
   * going past keys it does not know, and these are absent outside a firm).
   */
  /** The caller's firm, when they belong to one. */
  firm: z.optional(z.object({ id: z.int(), name: z.string() })),
  /**
   * Present when the caller's firm had a subscription that has ended: the seats are gone, and the caller is back on
   * their own access (`access`), which Home explains with the firm's name.
   */
  firmEnded: z.optional(z.object({ name: z.string() })),
  /**
   * Present when the caller's firm has fewer seats than members and the caller holds none (issue 53): they stay in
   * the firm, on their own access (`access`), until a seat is free; Home explains with the firm's name.
   */
  firmUnseated: z.optional(z.object({ name: z.string() })),
  /** Present exactly when `access` is "policy": the firm's rule to meet, e.g. add an authenticator app or passkey. */
  policyReason: z.optional(z.enum(policyReasons)),
});
export type Entitlement = z.infer<typeof entitlementResponseSchema>;

/**
 * `POST /api/memo-usage`'s optional body (issue 44): the client-matter code the memo is for, trimmed, printable,
 * at most 64 characters. Counted per member, matter and month for a firm member; ignored outside a firm, and when
 * the firm has matter codes off. No body at all is a memo without a matter, as before firms.
 */
export const memoUsageRequestSchema = z.nullish(z.strictObject({ matter: z.optional(matterCodeSchema) }));
export type MemoUsageRequest = z.input<typeof memoUsageRequestSchema>;

/** `POST /api/stripe/webhook`: the event taken, and what was made of it (applied, a duplicate, stale, ignored…). */
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true), outcome: z.string() });

/** The subscription's operations with their schemas (issue 41): each status a route answers, its own refusals included. */
export const subscriptionOperations = {
  getEntitlement: withSchemas(operations.getEntitlement, {
    response: { 200: entitlementResponseSchema, 401: apiErrorSchema },
  }),
  // 400: the firm requires a matter code, or this one breaks its mask; 402: no access left, or the monthly cap;
  // 403: the email is not verified yet, or a firm policy is unmet.
  reportMemoUsage: withSchemas(operations.reportMemoUsage, {
    body: memoUsageRequestSchema,
    response: {
      200: entitlementResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      402: apiErrorSchema,
      403: apiErrorSchema,
    },
  }),
  createPricingSession: withSchemas(operations.createPricingSession, {
    response: { 200: pricingSessionResponseSchema, 401: apiErrorSchema },
  }),
  // 409: no Stripe customer yet; 503: payments are not configured on this server.
  openBillingPortal: withSchemas(operations.openBillingPortal, {
    response: { 200: billingPortalResponseSchema, 401: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema },
  }),
  // No body schema: the signature is computed over the raw bytes, which the route keeps as they came.
  receiveStripeEvent: withSchemas(operations.receiveStripeEvent, {
    response: { 200: stripeWebhookResponseSchema, 400: apiErrorSchema, 503: apiErrorSchema },
  }),
};
