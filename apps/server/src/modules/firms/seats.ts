import type { FirmBilling } from "@precis/contract/firms";
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import {
  firmInvitations,
  firmMemberships,
  type firms,
  stripeCustomers,
  subscriptions,
  users,
} from "../../db/schema/index.ts";
import { isFirmSeated } from "../../lib/firm-seats.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { asQuotedData } from "../mail/user-text.ts";

/*
 * The seat limit (issue 44). While a firm's subscription seats its members, each member holds a seat, and a join
 * or an invitation beyond the seats is refused; without one, no limit applies. Every check runs in the transaction
 * that holds the firm's row locked (caller-firm.ts, lockCallerFirm; domain-join.ts), so concurrent joins count each
 * other: of twenty accepts for five free seats, exactly five join. Nobody is ever removed to make room.
 *
 * Fewer seats than members (issue 53: the owner lowered the quantity in Stripe's portal) removes nobody either, but
 * only the first members in seat order hold a seat (`firm_memberships.seated`); the others keep their membership
 * and their own access (trial, student or personal plan) until a seat is free. A join always takes a free seat,
 * since members are counted whether seated or not.
 */

type FirmRow = typeof firms.$inferSelect;

/** The firm's subscription as lib/firm-seats.ts reads it, from its row. */
export const firmSubscriptionStateOf = (firm: FirmRow) => ({
  subscriptionId: firm.stripeSubscriptionId,
  status: firm.subscriptionStatus,
  currentPeriodEnd: firm.currentPeriodEnd,
});

/** Whether a firm's subscription seats its members now, from its row. */
export const isFirmRowSeated = (firm: FirmRow, now: Date) => isFirmSeated(firmSubscriptionStateOf(firm), now);

export async function countMembers(tx: AppDatabase, firmId: number) {
  const [row] = await tx.select({ members: count() }).from(firmMemberships).where(eq(firmMemberships.firmId, firmId));
  return row?.members ?? 0;
}

/** Open invitations still valid at `now`, but `exceptEmail`'s (a resend keeps the seat its invitation holds). */
async function countOpenInvitations(tx: AppDatabase, firmId: number, now: Date, exceptEmail?: string) {
  const [row] = await tx
    .select({ open: count() })
    .from(firmInvitations)
    .where(
      and(
        eq(firmInvitations.firmId, firmId),
        isNull(firmInvitations.acceptedAt),
        isNull(firmInvitations.revokedAt),
        gt(firmInvitations.expiresAt, now),
        exceptEmail === undefined ? undefined : ne(firmInvitations.email, exceptEmail),
      ),
    );
  return row?.open ?? 0;
}

/** An invitation must fit beside the members and the other open invitations: null when it does, else the refusal. */
export async function checkSeatForInvitation(tx: AppDatabase, firm: FirmRow, now: Date, email: string) {
  if (!isFirmRowSeated(firm, now)) return null;
  const seats = firm.seatQuantity ?? 0;
  const held = (await countMembers(tx, firm.id)) + (await countOpenInvitations(tx, firm.id, now, email));
  return held >= seats ? ({ outcome: "seatsFullForInvitation", held, seats } as const) : null;
}

/**
 * An accepted invitation needs a free seat: its invitation held one, but seats may have dropped. Null when a seat
 * is free, else the refusal.
 */
export async function checkSeatForJoin(tx: AppDatabase, firm: FirmRow, now: Date) {
  if (!isFirmRowSeated(firm, now)) return null;
  const seats = firm.seatQuantity ?? 0;
  return (await countMembers(tx, firm.id)) >= seats ? ({ outcome: "seatsFullForJoin", seats } as const) : null;
}

/**
 * What a join nobody invited (a domain, automatic or taken from Home's suggestion) finds: the seats counted once,
 * members plus open invitations, as an invitation counts them (issue 56, finding 3), so a newcomer never takes a
 * seat an invitation holds for someone else. The newcomer's own open invitation is theirs to take.
 */
export async function seatsForUninvitedJoin(tx: AppDatabase, firm: FirmRow, now: Date, email: string) {
  const seats = firm.seatQuantity ?? 0;
  const members = await countMembers(tx, firm.id);
  const openInvitations = await countOpenInvitations(tx, firm.id, now, email);
  const isFree = !isFirmRowSeated(firm, now) || members + openInvitations < seats;
  return { isFree, seats, members, openInvitations };
}

/** The seats as owners and admins see them. */
export async function firmBillingOf(
  tx: AppDatabase,
  firm: FirmRow,
  memberCount: number,
  now: Date,
): Promise<FirmBilling> {
  return {
    seated: isFirmRowSeated(firm, now),
    status: firm.subscriptionStatus,
    seats: firm.seatQuantity,
    seatsPromised: memberCount + (await countOpenInvitations(tx, firm.id, now)),
    currentPeriodEnd: firm.currentPeriodEnd?.toISOString() ?? null,
    hasBillingAccount: firm.stripeCustomerId !== null,
  };
}

/** Statuses of a personal plan the person still pays for (billing/service.ts's current ones, but `incomplete`). */
const PAYING_STATUSES = ["active", "trialing", "past_due"];

/**
 * Whether a person who joins a seated firm also pays for a personal plan that goes on renewing: they are told the
 * seat covers them and how to cancel it. Read from the billing tables only; nothing is cancelled for them.
 */
export async function isPayingPersonalPlan(tx: AppDatabase, userId: number, now: Date) {
  const [row] = await tx
    .select({ subscriptionId: subscriptions.subscriptionId })
    .from(subscriptions)
    .innerJoin(stripeCustomers, eq(stripeCustomers.customerId, subscriptions.customerId))
    .where(
      and(
        eq(stripeCustomers.userId, userId),
        inArray(subscriptions.status, PAYING_STATUSES),
        eq(subscriptions.cancelAtPeriodEnd, false),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** On joining a seated firm while paying for a personal plan: the answer says so (the join screen explains). */
export async function personalPlanNotice(tx: AppDatabase, firm: FirmRow, userId: number, now: Date) {
  return isFirmRowSeated(firm, now) && (await isPayingPersonalPlan(tx, userId, now))
    ? { personalPlanCovered: true as const }
    : {};
}

/**
 * The order in which members hold the seats: owners first, then by join date (the user id breaks a tie). Issue 56's
 * order chosen by an admin goes between the two.
 */
const seatOrder = [
  sql`${firmMemberships.role} = 'owner' desc`,
  asc(firmMemberships.joinedAt),
  asc(firmMemberships.userId),
];

/**
 * Gives the firm's seats to its members in seat order, as its row (`firm`, locked by the caller, already updated)
 * has them: every member when no subscription seats them (no limit applies), else the first `seatQuantity`. Called
 * in the transaction of every change to the quantity or the status (firm-billing.ts). When members lose their seat,
 * each owner and admin is emailed, in their own language. Returns the ids of the members who lost their seat.
 */
export async function seatMembers(tx: AppDatabase, config: AppConfig, firm: FirmRow, now: Date): Promise<number[]> {
  const members = await tx
    .select({ userId: firmMemberships.userId, seated: firmMemberships.seated })
    .from(firmMemberships)
    .where(eq(firmMemberships.firmId, firm.id))
    .orderBy(...seatOrder);
  const seats = isFirmRowSeated(firm, now) ? (firm.seatQuantity ?? 0) : members.length;
  const gaining = members.filter((member, index) => index < seats && !member.seated).map((member) => member.userId);
  const losing = members.filter((member, index) => index >= seats && member.seated).map((member) => member.userId);
  if (gaining.length > 0) {
    await tx.update(firmMemberships).set({ seated: true }).where(inArray(firmMemberships.userId, gaining));
  }
  if (losing.length > 0) {
    await tx.update(firmMemberships).set({ seated: false }).where(inArray(firmMemberships.userId, losing));
    await emailAdminsOfLostSeats(tx, config, firm, {
      seats,
      members: members.length,
      unseated: members.length - seats,
      now,
    });
  }
  return losing;
}

/**
 * After a departure (firm `firm`'s row locked by the caller): the seat it freed goes to the first member without one,
 * in seat order. Nobody loses a seat here, even when roles changed since the quantity did.
 */
export async function giveFreedSeats(tx: AppDatabase, firm: FirmRow, now: Date) {
  if (!isFirmRowSeated(firm, now)) return;
  const members = await tx
    .select({ userId: firmMemberships.userId, seated: firmMemberships.seated })
    .from(firmMemberships)
    .where(eq(firmMemberships.firmId, firm.id))
    .orderBy(...seatOrder);
  const free = (firm.seatQuantity ?? 0) - members.filter((member) => member.seated).length;
  const waiting = members.filter((member) => !member.seated).slice(0, Math.max(free, 0));
  if (waiting.length === 0) return;
  await tx
    .update(firmMemberships)
    .set({ seated: true })
    .where(
      inArray(
        firmMemberships.userId,
        waiting.map((member) => member.userId),
      ),
    );
}

/** The owners and admins are told that members lost their seat, how many, and where to add seats. */
async function emailAdminsOfLostSeats(
  tx: AppDatabase,
  config: AppConfig,
  firm: FirmRow,
  { seats, members, unseated, now }: { seats: number; members: number; unseated: number; now: Date },
) {
  const params = { firmName: asQuotedData(firm.name, 100), seats, members, unseated };
  for (const user of await firmAdminsOf(tx, firm.id)) {
    await enqueueAccountEmail(tx, config, user, "firmSeatsShort", params, now);
  }
}

/** The firm's owners and admins, owners first, each to be emailed in their own language. */
export async function firmAdminsOf(tx: AppDatabase, firmId: number) {
  const admins = await tx
    .select({ user: users })
    .from(firmMemberships)
    .innerJoin(users, eq(users.id, firmMemberships.userId))
    .where(and(eq(firmMemberships.firmId, firmId), inArray(firmMemberships.role, ["owner", "admin"])))
    .orderBy(desc(sql`${firmMemberships.role} = 'owner'`), asc(firmMemberships.userId));
  return admins.map(({ user }) => user);
}
