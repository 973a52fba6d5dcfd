import { randomBytes } from "node:crypto";
import { formatLongDate } from "@precis/contract/dates";
import { and, eq, inArray, isNotNull, like, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import {
  auditEvents,
  mailOutbox,
  rateLimitCounters,
  stripeCustomers,
  subscriptions,
  userIdentities,
  users,
} from "../../db/schema/index.ts";
import { addDays, addSeconds } from "../../lib/clock.ts";
import { escapeLike } from "../../lib/like-pattern.ts";
import { createHourlyJob, type ScheduledJobContext } from "../../lib/scheduled-job.ts";
import { type RequestOrigin, recordAuditEvent } from "../audit/service.ts";
import { cancelBillingOfFirmLeftEmpty, leaveFirmOnAccountDeletion } from "../firms/privacy.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { storedCounterKey } from "../rate-limit/keys.ts";
import { hashSecret, revokeUserSessions } from "../sessions/service.ts";

/** What the limit counters' keyed hashes of an address are computed with. */
type CounterKeyConfig = Pick<AppConfig, "mfaEncryptionKey">;

/** The emailed link that cancels a deletion, without a session: `/account/deletion/cancel?token=…`. */
export const CANCEL_DELETION_PATH = "/account/deletion/cancel";
/** How long one instance holds an account it is deleting, and how long a failed try waits before the next. */
const DELETION_LEASE_SECONDS = 10 * 60;
const RETRY_AFTER_FAILURE_SECONDS = 60 * 60;

/**
 * Schedules the account's deletion at the end of the grace period: every session ends, and the owner gets an
 * email with a link that cancels. Asking again changes nothing and sends nothing (the first date stands).
 */
export async function scheduleAccountDeletion(
  db: AppDatabase,
  config: AppConfig,
  origin: RequestOrigin,
  userId: number,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new Error(`user ${userId} of a live session does not exist`);
    await revokeUserSessions(tx, userId, now);
    if (user.deletionScheduledFor) return user.deletionScheduledFor;
    const deletionScheduledFor = addDays(now, config.privacy.deletionGraceDays);
    const token = randomBytes(32).toString("base64url");
    await tx
      .update(users)
      .set({ deletionScheduledFor, deletionCancelTokenHash: hashSecret(token), deletionAttempts: 0, updatedAt: now })
      .where(eq(users.id, userId));
    const link = new URL(CANCEL_DELETION_PATH, config.publicUrl);
    link.search = new URLSearchParams({ token }).toString();
    await enqueueAccountEmail(
      tx,
      config,
      user,
      "deletionScheduled",
      {
        deletionDate: formatLongDate(deletionScheduledFor, user.locale),
        cancelLink: link.toString(),
      },
      now,
    );
    await recordAuditEvent(tx, origin, "deletion_requested", userId);
    return deletionScheduledFor;
  });
}

/**
 * Cancels a scheduled deletion: by the emailed link's token, or for the signed-in account. False when there is
 * none to cancel (never scheduled, already cancelled, a forged token, or the account is gone).
 */
export async function cancelAccountDeletion(
  db: AppDatabase,
  origin: RequestOrigin,
  target: { token: string } | { userId: number },
  now: Date,
) {
  const which =
    "token" in target ? eq(users.deletionCancelTokenHash, hashSecret(target.token)) : eq(users.id, target.userId);
  const [cancelled] = await db
    .update(users)
    .set({ deletionScheduledFor: null, deletionCancelTokenHash: null, deletionClaimedUntil: null, updatedAt: now })
    .where(and(which, isNotNull(users.deletionScheduledFor)))
    .returning({ id: users.id });
  if (!cancelled) return false;
  await recordAuditEvent(db, origin, "deletion_cancelled", cancelled.id);
  return true;
}

/**
 * Deletes every account whose grace period has ended, one at a time, each claimed with a lease so that of
 * several instances one deletes it. First Stripe (deleting a customer cancels its subscriptions), then, in one
 * transaction, the account's rows: the audit events stay without who, where or what, and the trial ledger's
 * hash stays. A failure leaves the account whole and scheduled, and it is tried again an hour later.
 */
export async function deleteDueAccounts(
  db: AppDatabase,
  config: CounterKeyConfig,
  stripe: Stripe | null,
  origin: RequestOrigin,
  now: Date,
  log: FastifyBaseLogger,
) {
  let deleted = 0;
  for (;;) {
    const [claimed] = await db
      .update(users)
      .set({ deletionClaimedUntil: addSeconds(now, DELETION_LEASE_SECONDS) })
      .where(
        eq(
          users.id,
          sql`(select ${users.id} from ${users} where ${users.deletionScheduledFor} <= ${now}
               and (${users.deletionClaimedUntil} is null or ${users.deletionClaimedUntil} < ${now})
               order by ${users.deletionScheduledFor} limit 1 for update skip locked)`,
        ),
      )
      .returning({ id: users.id, email: users.email });
    if (!claimed) return deleted;
    try {
      await deleteStripeCustomers(db, stripe, claimed.id);
      // A firm the deletion leaves empty is closed with it: its subscription is cancelled first.
      await cancelBillingOfFirmLeftEmpty(db, stripe, claimed.id);
      await deleteAccountRows(db, config, origin, claimed.id, claimed.email, now);
      deleted += 1;
    } catch (error) {
      log.error({ err: error, userId: claimed.id }, "account deletion failed; it will be tried again");
      await db
        .update(users)
        .set({
          deletionAttempts: sql`${users.deletionAttempts} + 1`,
          deletionClaimedUntil: addSeconds(now, RETRY_AFTER_FAILURE_SECONDS),
        })
        .where(eq(users.id, claimed.id));
    }
  }
}

async function deleteStripeCustomers(db: AppDatabase, stripe: Stripe | null, userId: number) {
  const customers = await db
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, userId));
  if (customers.length === 0) return;
  if (!stripe) throw new Error("the account has Stripe customers but payments are not configured");
  for (const { customerId } of customers) {
    try {
      await stripe.customers.del(customerId);
    } catch (error) {
      // Already gone at Stripe (a retry after a partial run): that is what we wanted.
      if ((error as { code?: string }).code !== "resource_missing") throw error;
    }
  }
}

async function deleteAccountRows(
  db: AppDatabase,
  config: CounterKeyConfig,
  origin: RequestOrigin,
  userId: number,
  email: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const addresses = [
      email,
      ...(
        await tx.select({ email: userIdentities.email }).from(userIdentities).where(eq(userIdentities.userId, userId))
      ).map((row) => row.email),
    ];
    const customerIds = (
      await tx
        .select({ id: stripeCustomers.customerId })
        .from(stripeCustomers)
        .where(eq(stripeCustomers.userId, userId))
    ).map((row) => row.id);
    // What must stay for the service's own record keeps the event and its time, not who, where or what.
    await tx
      .update(auditEvents)
      .set({ userId: null, ipAddress: null, userAgent: null, requestId: null, details: null })
      .where(eq(auditEvents.userId, userId));
    await tx.delete(mailOutbox).where(inArray(mailOutbox.recipient, addresses));
    // Limit counters keyed by the address (login:account:h.<keyed hash>, or the address itself in rows from
    // before keys were hashed) would otherwise stand for it until their window closes.
    for (const address of addresses) {
      await tx
        .delete(rateLimitCounters)
        .where(
          or(
            like(rateLimitCounters.key, `%:${escapeLike(storedCounterKey(config, address))}%`),
            like(rateLimitCounters.key, `%:${escapeLike(address)}%`),
          ),
        );
    }
    if (customerIds.length > 0) {
      await tx.delete(subscriptions).where(inArray(subscriptions.customerId, customerIds));
      await tx.delete(stripeCustomers).where(inArray(stripeCustomers.customerId, customerIds));
    }
    // The person leaves their firm, which keeps an owner (decision 037).
    await leaveFirmOnAccountDeletion(tx, userId, addresses, now);
    // Sessions, codes, option sets, usage, identities, known browsers and reminders go with it (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, userId));
    await recordAuditEvent(tx, { ...origin, ipAddress: "", userAgent: undefined }, "account_deleted", null);
  });
}

export type AccountDeletionJob = ReturnType<typeof createAccountDeletionJob>;

/** Deletes due accounts every hour while the server listens; tests call runOnce() with their clock. */
export function createAccountDeletionJob(options: ScheduledJobContext<CounterKeyConfig> & { stripe: Stripe | null }) {
  const origin: RequestOrigin = { ipAddress: "", userAgent: undefined, requestId: "account-deletion-job" };
  return createHourlyJob(
    "account deletion",
    async () => {
      const deleted = await deleteDueAccounts(
        options.db,
        options.config,
        options.stripe,
        origin,
        options.clock(),
        options.log,
      );
      if (deleted > 0) options.log.info({ deleted }, "accounts deleted at the end of their grace period");
      return deleted;
    },
    options.log,
  );
}
