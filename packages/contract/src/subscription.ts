import { z } from "zod/mini";

export const TRIAL_DAYS = 30;
export const STUDENT_FREE_YEARS = 2;

/** `POST /api/pricing-session` (SPEC §7): the plan, when the account has one, and who is buying. */
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

/** `unverified`: a password account whose email is not proven yet has no free access (its trial starts then). */
export const accessKinds = ["trial", "student", "subscription", "none", "unverified"] as const;
export type AccessKind = (typeof accessKinds)[number];

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
});
export type Entitlement = z.infer<typeof entitlementResponseSchema>;
