import { ACCOUNT_EXPORT_FORMAT_VERSION, type AccountExport } from "@precis/contract/account-export";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import {
  accessReminders,
  auditEvents,
  knownDevices,
  mailOutbox,
  memoOptionSets,
  memoUsage,
  sessions,
  stripeCustomers,
  subscriptions,
  totpFactors,
  userIdentities,
  users,
} from "../../db/schema/index.ts";
import { listConsents } from "../accounts/consents.ts";
import { getEntitlement } from "../billing/service.ts";
import { exportFirmMembership } from "../firms/privacy.ts";
import { getMemoOptions } from "../memo-settings/service.ts";
import { listPasskeys } from "../mfa/passkeys.ts";
import { countUnusedRecoveryCodes } from "../mfa/recovery-codes.ts";
import { profileFieldsOf } from "../profile/service.ts";

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything kept about the account (contract: account-export.ts), read in one repeatable-read snapshot so
 * the parts agree with each other. Each table is read by the account's id: nothing of another account's.
 */
export async function exportAccount(db: AppDatabase, config: AppConfig, userId: number, now: Date) {
  return db.transaction(
    async (tx): Promise<AccountExport | null> => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) return null;
      // One after another, not Promise.all: a transaction is one connection, which runs one query at a time anyway,
      // and node-postgres deprecates (and its next major refuses) a query sent while another is still running.
      const identities = await tx
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId))
        .orderBy(asc(userIdentities.id));
      const options = await tx
        .select()
        .from(memoOptionSets)
        .where(eq(memoOptionSets.userId, userId))
        .orderBy(asc(memoOptionSets.id));
      const sessionRows = await tx.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.id));
      const devices = await tx
        .select()
        .from(knownDevices)
        .where(eq(knownDevices.userId, userId))
        .orderBy(asc(knownDevices.createdAt));
      const events = await tx
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.userId, userId))
        .orderBy(asc(auditEvents.id));
      const plans = await tx
        .select({ subscription: subscriptions })
        .from(subscriptions)
        .innerJoin(stripeCustomers, eq(stripeCustomers.customerId, subscriptions.customerId))
        .where(eq(stripeCustomers.userId, userId));
      const usage = await tx.select().from(memoUsage).where(eq(memoUsage.userId, userId)).orderBy(asc(memoUsage.month));
      const reminders = await tx.select().from(accessReminders).where(eq(accessReminders.userId, userId));
      // The account's emails, by the addresses it has had (the old one is told of a change of address).
      const emails = await tx
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, user.email))
        .orderBy(asc(mailOutbox.id));
      const entitlement = await getEntitlement(tx, config, userId, now);
      const accepted = await listConsents(tx, userId);
      const [authenticatorApp] = await tx
        .select({ enabledAt: totpFactors.enabledAt })
        .from(totpFactors)
        .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)));
      const passkeyRows = await listPasskeys(tx, userId);
      const recoveryCodesLeft = await countUnusedRecoveryCodes(tx, userId);
      const firmPart = await exportFirmMembership(tx, userId);
      const savedAt = new Map(options.map((row) => [row.id, row.updatedAt]));
      return {
        formatVersion: ACCOUNT_EXPORT_FORMAT_VERSION,
        exportedAt: iso(now),
        account: {
          ...profileFieldsOf(user),
          language: user.locale,
          createdAt: iso(user.createdAt),
          emailVerifiedAt: isoOrNull(user.emailVerifiedAt),
          trialStartedAt: isoOrNull(user.trialStartedAt),
          hasPassword: user.passwordHash !== null,
        },
        consents: accepted.map((row) => ({
          document: row.document,
          version: row.version,
          acceptedAt: iso(row.acceptedAt),
        })),
        signInMethods: identities.map((row) => ({
          provider: row.provider,
          email: row.email,
          linkedAt: iso(row.createdAt),
        })),
        memoOptionSets: options.length === 0 ? [] : await exportMemoPresets(tx, userId, savedAt, user.createdAt),
        sessions: sessionRows.map((row) => ({
          startedAt: iso(row.createdAt),
          lastActiveAt: iso(row.lastUsedAt),
          endedAt: isoOrNull(row.revokedAt),
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
          isExtension: row.isExtension,
        })),
        knownBrowsers: devices.map((row) => ({
          firstSignInAt: iso(row.createdAt),
          lastSignInAt: iso(row.lastSignInAt),
        })),
        secondFactors: {
          authenticatorAppEnabledAt: isoOrNull(authenticatorApp?.enabledAt ?? null),
          recoveryCodesLeft: authenticatorApp ? recoveryCodesLeft : 0,
          passkeys: passkeyRows.map((row) => ({
            name: row.name,
            createdAt: iso(row.createdAt),
            lastUsedAt: isoOrNull(row.lastUsedAt),
          })),
        },
        securityEvents: events.map((row) => ({
          occurredAt: iso(row.occurredAt),
          event: row.event,
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
          details: row.details ?? null,
        })),
        subscriptions: plans.map(({ subscription }) => ({
          planName: subscription.planName,
          status: subscription.status,
          pricePeriod: subscription.pricePeriod,
          currentPeriodEnd: isoOrNull(subscription.currentPeriodEnd),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          updatedAt: iso(subscription.updatedAt),
        })),
        entitlement,
        memoUsage: usage.map((row) => ({ month: row.month, memoCount: row.memoCount })),
        accessReminders: reminders.map((row) => ({
          access: row.access,
          endsAt: iso(row.endsAt),
          daysBefore: row.daysBefore,
          sentAt: iso(row.sentAt),
        })),
        emails: emails.map((row) => ({
          subject: row.subject,
          queuedAt: iso(row.createdAt),
          sentAt: isoOrNull(row.sentAt),
        })),
        ...firmPart,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The stored presets, each with when it was saved and whether it is the one the extension uses. */
async function exportMemoPresets(db: AppDatabase, userId: number, savedAt: Map<number, Date>, createdAt: Date) {
  const { options, selectedOptionId } = await getMemoOptions(db, userId);
  return options.map((set) => ({
    ...set,
    savedAt: iso(savedAt.get(set.id) ?? createdAt),
    isSelected: set.id === selectedOptionId,
  }));
}
