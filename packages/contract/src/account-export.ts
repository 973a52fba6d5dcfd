import { z } from "zod/mini";
import { memoOptionSetSchema } from "./memo-options.ts";
import { profileSchema } from "./profile.ts";
import { entitlementResponseSchema } from "./subscription.ts";

/**
 * `GET /api/account/export`: everything Precis keeps about the account, as one JSON file (Quebec's Law 25
 * portability, PIPEDA access). The shape is stable: fields are added, never renamed or removed, and
 * `formatVersion` changes if that ever has to happen. Dates are ISO 8601 in UTC. No secret is ever in it:
 * no password hash, session token or access key, device cookie, or security code.
 */
const date = z.iso.datetime();
const nullableDate = z.nullable(date);

export const ACCOUNT_EXPORT_FORMAT_VERSION = 1;

export const accountExportSchema = z.object({
  formatVersion: z.literal(ACCOUNT_EXPORT_FORMAT_VERSION),
  exportedAt: date,
  account: z.object({
    ...profileSchema.shape,
    language: z.string(),
    createdAt: date,
    emailVerifiedAt: nullableDate,
    trialStartedAt: nullableDate,
    hasPassword: z.boolean(),
  }),
  consents: z.array(z.object({ document: z.string(), version: z.string(), acceptedAt: date })),
  signInMethods: z.array(z.object({ provider: z.string(), email: z.string(), linkedAt: date })),
  memoOptionSets: z.array(
    z.object({
      ...memoOptionSetSchema.shape,
      savedAt: date,
      /** The preset the extension uses (absent from exports made before presets). */
      isSelected: z.optional(z.boolean()),
    }),
  ),
  sessions: z.array(
    z.object({
      startedAt: date,
      lastActiveAt: date,
      endedAt: nullableDate,
      ipAddress: z.nullable(z.string()),
      userAgent: z.nullable(z.string()),
      isExtension: z.boolean(),
    }),
  ),
  knownBrowsers: z.array(z.object({ firstSignInAt: date, lastSignInAt: date })),
  /** The authenticator app and passkeys: when and what, never a secret, a recovery code or a public key. */
  secondFactors: z.object({
    authenticatorAppEnabledAt: nullableDate,
    recoveryCodesLeft: z.int(),
    passkeys: z.array(z.object({ name: z.string(), createdAt: date, lastUsedAt: nullableDate })),
  }),
  securityEvents: z.array(
    z.object({
      occurredAt: date,
      event: z.string(),
      ipAddress: z.nullable(z.string()),
      userAgent: z.nullable(z.string()),
      details: z.nullable(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
    }),
  ),
  subscriptions: z.array(
    z.object({
      planName: z.string(),
      status: z.string(),
      pricePeriod: z.string(),
      currentPeriodEnd: nullableDate,
      cancelAtPeriodEnd: z.boolean(),
      updatedAt: date,
    }),
  ),
  entitlement: entitlementResponseSchema,
  memoUsage: z.array(z.object({ month: z.string(), memoCount: z.int() })),
  accessReminders: z.array(z.object({ access: z.string(), endsAt: date, daysBefore: z.int(), sentAt: date })),
  emails: z.array(z.object({ subject: z.string(), queuedAt: date, sentAt: nullableDate })),
  /** The firm the person belongs to, their role and since when (absent from exports made before firms). */
  firm: z.optional(z.nullable(z.object({ name: z.string(), role: z.string(), joinedAt: date }))),
  /** Memos by client-matter code and month while in a firm ("" is no code given). */
  firmMatterUsage: z.optional(z.array(z.object({ month: z.string(), matter: z.string(), memoCount: z.int() }))),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
