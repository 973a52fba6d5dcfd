import type { FirmBilling } from "@precis/contract/firms";
import { and, count, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firmInvitations, firmMemberships, type firms, stripeCustomers, subscriptions } from "../../db/schema.ts";
import { isFirmRowSeated } from "./firm-billing.ts";
import { refusals } from "./refusals.ts";

/*
 * The seat limit (issue 44). While a firm's subscription seats its members, each member holds a seat, and a join
 * or an invitation beyond the seats is refused; without one, no limit applies. Every check runs in the transaction
 * that holds the firm's row locked (service.ts, lockCallerFirm; domain-join.ts), so concurrent joins count each
 * other: of twenty accepts for five free seats, exactly five join. Nobody is ever removed to make room.
 */

type FirmRow = typeof firms.$inferSelect;

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

/** An invitation must fit beside the members and the other open invitations. */
export async function checkSeatForInvitation(tx: AppDatabase, firm: FirmRow, now: Date, email: string) {
  if (!isFirmRowSeated(firm, now)) return;
  const seats = firm.seatQuantity ?? 0;
  const held = (await countMembers(tx, firm.id)) + (await countOpenInvitations(tx, firm.id, now, email));
  if (held >= seats) {
    throw refusals.seatsFullForInvitation(held, seats);
  }
}

/** A join (an accepted invitation, a domain) needs a free seat; an invitation held one, but seats may have dropped. */
export async function checkSeatForJoin(tx: AppDatabase, firm: FirmRow, now: Date) {
  if (!isFirmRowSeated(firm, now)) return;
  const seats = firm.seatQuantity ?? 0;
  const members = await countMembers(tx, firm.id);
  if (members >= seats) {
    throw refusals.seatsFullForJoin(seats);
  }
}

/** Whether an automatic domain join finds a free seat (no refusal: verification goes on either way). */
export async function hasFreeSeat(tx: AppDatabase, firm: FirmRow, now: Date) {
  return !isFirmRowSeated(firm, now) || (await countMembers(tx, firm.id)) < (firm.seatQuantity ?? 0);
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
