import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { firms } from "../../db/schema/index.ts";
import { hasFirmSubscriptionEnded } from "../../lib/firm-seats.ts";
import { createStripeClient } from "../../lib/stripe-client.ts";
import { recordFirmEvent } from "./audit.ts";
import { seatMembers, firmSubscriptionStateOf as stateOf } from "./seats.ts";

type FirmRow = typeof firms.$inferSelect;

/** What the webhook makes of a firm's event; billing's pipeline records it with the event (stripe-events.ts). */
export type FirmEventOutcome = "applied" | "stale" | "ignored" | "unknownFirm";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * The firm that metadata names. Only the server writes it, when it creates the firm's Checkout session
 * (seat-checkout.ts): a session's `client_reference_id` is not evidence, since a pricing table takes it
 * from an attribute of the page, which anyone can set to `firm-<id>` (issue 53, finding 3).
 */
const firmIdIn = (metadata: Stripe.Metadata | null | undefined) =>
  /^\d{1,15}$/.test(metadata?.firm_id ?? "") ? Number(metadata?.firm_id) : null;

/**
 * Applies a verified Stripe event that concerns a firm, in the webhook's transaction (billing/stripe-events.ts, which
 * records the event id first, so a replay never gets here). Null when the event is not a firm's: the personal
 * pipeline takes it. A Checkout session is a firm's when its metadata names the firm; a subscription is a firm's
 * only when its price is the firm plan's (`STRIPE_FIRM_PRICE_ID`) and its metadata names the firm, both set by the
 * server's Checkout session and kept by Stripe on every later event of the subscription.
 */
export async function applyFirmStripeEvent(
  tx: AppDatabase,
  config: AppConfig,
  event: Stripe.Event,
  eventCreatedAt: Date,
  now: Date,
): Promise<FirmEventOutcome | null> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const firmId = firmIdIn(session.metadata);
      if (firmId === null) return null;
      return linkFirmCheckout(tx, firmId, session);
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const firmId = firmIdIn(subscription.metadata);
      const price = subscription.items?.data?.[0]?.price?.id;
      if (firmId === null || !config.stripe.firmPriceId || price !== config.stripe.firmPriceId) return null;
      return storeFirmSubscription(tx, config, firmId, subscription, { eventCreatedAt, now });
    }
    default:
      return null;
  }
}

const lockFirm = async (tx: AppDatabase, firmId: number) =>
  (await tx.select().from(firms).where(eq(firms.id, firmId)).for("update"))[0];

/**
 * Checkout completed: the firm's customer, and its new subscription when the firm has none that still runs. The
 * seats and status come with the subscription's own events, whichever arrives first.
 */
async function linkFirmCheckout(
  tx: AppDatabase,
  firmId: number,
  session: Stripe.Checkout.Session,
): Promise<FirmEventOutcome> {
  const firm = await lockFirm(tx, firmId);
  if (!firm) return "unknownFirm";
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  // The server's Checkout session reuses the firm's customer: a session of another customer is not the firm's.
  if (customerId !== null && firm.stripeCustomerId !== null && customerId !== firm.stripeCustomerId) return "stale";
  const isNewSubscription =
    subscriptionId !== null &&
    firm.stripeSubscriptionId !== subscriptionId &&
    (firm.stripeSubscriptionId === null || hasFirmSubscriptionEnded(stateOf(firm), new Date(0)));
  if (!isNewSubscription && (customerId === null || firm.stripeCustomerId === customerId)) {
    // Already linked by the subscription's own event (it came first): consistent, nothing to do. Another running
    // subscription is kept instead: this one is left for Stripe's portal to sort out.
    return subscriptionId === null || firm.stripeSubscriptionId === subscriptionId ? "applied" : "stale";
  }
  await tx
    .update(firms)
    .set({
      stripeCustomerId: firm.stripeCustomerId ?? customerId,
      ...(isNewSubscription
        ? {
            stripeSubscriptionId: subscriptionId,
            subscriptionStatus: null,
            seatQuantity: null,
            currentPeriodEnd: null,
            billingLastEventAt: null,
          }
        : {}),
    })
    .where(eq(firms.id, firm.id));
  return "applied";
}

/**
 * A firm's subscription created, updated (seats, status, period) or deleted. The firm's own subscription takes an
 * event at least as recent as the last it took, so out-of-order delivery converges on the newest state; another
 * subscription replaces it only when the firm's has ended (a new purchase after a cancellation), never a running one.
 */
async function storeFirmSubscription(
  tx: AppDatabase,
  config: AppConfig,
  firmId: number,
  subscription: Stripe.Subscription,
  { eventCreatedAt, now }: { eventCreatedAt: Date; now: Date },
): Promise<FirmEventOutcome> {
  const firm = await lockFirm(tx, firmId);
  if (!firm) return "unknownFirm";
  const item = subscription.items?.data?.[0];
  // Newer API versions keep the period on the item; older ones on the subscription.
  const periodEnd =
    item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  const next = {
    subscriptionId: subscription.id,
    status: subscription.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
  };
  const customerId = idOf(subscription.customer);
  // The firm's customer pays for all its subscriptions (Checkout reuses it): another customer's never becomes the firm's.
  if (firm.stripeCustomerId !== null && customerId !== firm.stripeCustomerId) return "stale";
  if (firm.stripeSubscriptionId === subscription.id) {
    if (firm.billingLastEventAt && firm.billingLastEventAt > eventCreatedAt) return "stale";
  } else {
    const isFirmsEnded = firm.stripeSubscriptionId === null || hasFirmSubscriptionEnded(stateOf(firm), new Date(0));
    if (!isFirmsEnded || hasFirmSubscriptionEnded(next, new Date(0))) return "stale";
  }
  const seats = item?.quantity ?? null;
  const [updated] = await tx
    .update(firms)
    .set({
      stripeCustomerId: firm.stripeCustomerId ?? customerId,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      seatQuantity: seats,
      currentPeriodEnd: next.currentPeriodEnd,
      billingLastEventAt: eventCreatedAt,
      updatedAt: eventCreatedAt,
    })
    .where(eq(firms.id, firm.id))
    .returning();
  // Under the firm's lock, in the event's transaction: who holds a seat follows the new quantity and status at once.
  if (updated) await seatMembers(tx, config, updated, now);
  const isSameSubscription = firm.stripeSubscriptionId === subscription.id;
  if (!isSameSubscription || firm.seatQuantity !== seats || firm.subscriptionStatus !== subscription.status) {
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "seats_changed",
      actorUserId: null,
      details: {
        seats,
        previousSeats: isSameSubscription ? firm.seatQuantity : null,
        status: subscription.status,
        previousStatus: isSameSubscription ? firm.subscriptionStatus : null,
      },
      now: eventCreatedAt,
    });
  }
  return "applied";
}

/** Whether the firm has a subscription Stripe could still bill: one it knows of that has not ended. */
const hasRunningSubscription = (firm: FirmRow) =>
  firm.stripeSubscriptionId !== null && !hasFirmSubscriptionEnded(stateOf(firm), new Date(0));

/**
 * Where closing a firm meets Stripe: its subscription is cancelled through the API before the firm's rows are
 * deleted, in the same transaction, so no seat is billed after the firm is gone. If Stripe refuses, the firm stays
 * and the owner can try again, rather than a firm that no longer exists going on being billed. A subscription Stripe
 * no longer knows, or one that has ended, has nothing to cancel. Null once nothing is left to bill, else the refusal.
 */
export async function cancelFirmBilling(config: AppConfig, firm: FirmRow) {
  if (!hasRunningSubscription(firm)) return null;
  const stripe = createStripeClient(config);
  if (!stripe) return { outcome: "paymentsNotConfigured" } as const;
  try {
    await cancelFirmSubscription(stripe, firm);
    return null;
  } catch {
    return { outcome: "cancellationRefused" } as const;
  }
}

/**
 * Cancels the firm's running subscription through Stripe's API; Stripe's refusal is thrown as it came. Also for an
 * account deletion that closes the firm (privacy/deletion.ts, which tries again later, as for a person's customer).
 */
export async function cancelFirmSubscription(stripe: Stripe | null, firm: FirmRow): Promise<void> {
  if (!firm.stripeSubscriptionId || !hasRunningSubscription(firm)) return;
  // The deletion tries again later: nothing it could do now would stop the firm being billed.
  if (!stripe) throw new Error(`firm ${firm.id}'s subscription cannot be cancelled: payments are not configured`);
  try {
    await stripe.subscriptions.cancel(firm.stripeSubscriptionId);
  } catch (error) {
    // Already gone at Stripe: that is what we wanted.
    if ((error as { code?: string }).code !== "resource_missing") throw error;
  }
}
