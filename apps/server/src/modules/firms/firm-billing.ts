import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { firms } from "../../db/schema.ts";
import { hasFirmSubscriptionEnded, isFirmSeated } from "../../lib/firm-seats.ts";
import { createStripeClient } from "../../lib/stripe-client.ts";
import { recordFirmEvent } from "./audit.ts";
import { FirmRefusal, refusals } from "./refusals.ts";

type FirmRow = typeof firms.$inferSelect;

/** What the webhook makes of a firm's event; billing's pipeline records it with the event (stripe-events.ts). */
export type FirmEventOutcome = "applied" | "stale" | "ignored" | "unknownFirm";

/** Checkout names the firm in `client_reference_id` as `firm-<id>`: a personal checkout's is a bare user id. */
const FIRM_REFERENCE = /^firm-(\d{1,15})$/;
export const firmReferenceOf = (firmId: number) => `firm-${firmId}`;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

const firmIdIn = (metadata: Stripe.Metadata | null | undefined, reference?: string | null) => {
  const fromMetadata = /^\d{1,15}$/.test(metadata?.firm_id ?? "") ? Number(metadata?.firm_id) : null;
  const fromReference = FIRM_REFERENCE.exec(reference ?? "")?.[1];
  return fromMetadata ?? (fromReference ? Number(fromReference) : null);
};

const stateOf = (firm: FirmRow) => ({
  subscriptionId: firm.stripeSubscriptionId,
  status: firm.subscriptionStatus,
  currentPeriodEnd: firm.currentPeriodEnd,
});

/** Whether a firm's subscription seats its members now, from its row. */
export const isFirmRowSeated = (firm: FirmRow, now: Date) => isFirmSeated(stateOf(firm), now);

/**
 * Applies a verified Stripe event that concerns a firm, in the webhook's transaction (billing/stripe-events.ts, which
 * records the event id first, so a replay never gets here). Null when the event is not a firm's: the personal
 * pipeline takes it. A firm's subscription carries `metadata.firm_id` (set at Checkout), and its customer is the
 * firm's, so either names the firm even when the subscription's events arrive before Checkout's.
 */
export async function applyFirmStripeEvent(
  tx: AppDatabase,
  event: Stripe.Event,
  eventCreatedAt: Date,
): Promise<FirmEventOutcome | null> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const firmId = firmIdIn(session.metadata, session.client_reference_id);
      if (firmId === null) return null;
      return linkFirmCheckout(tx, firmId, session);
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const firmId = firmIdIn(subscription.metadata) ?? (await firmIdOfCustomer(tx, idOf(subscription.customer)));
      if (firmId === null) return null;
      return storeFirmSubscription(tx, firmId, subscription, eventCreatedAt);
    }
    default:
      return null;
  }
}

async function firmIdOfCustomer(tx: AppDatabase, customerId: string | null) {
  if (!customerId) return null;
  const [firm] = await tx.select({ id: firms.id }).from(firms).where(eq(firms.stripeCustomerId, customerId));
  return firm?.id ?? null;
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
  firmId: number,
  subscription: Stripe.Subscription,
  eventCreatedAt: Date,
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
  if (firm.stripeSubscriptionId === subscription.id) {
    if (firm.billingLastEventAt && firm.billingLastEventAt > eventCreatedAt) return "stale";
  } else {
    const isFirmsEnded = firm.stripeSubscriptionId === null || hasFirmSubscriptionEnded(stateOf(firm), new Date(0));
    if (!isFirmsEnded || hasFirmSubscriptionEnded(next, new Date(0))) return "stale";
  }
  const seats = item?.quantity ?? null;
  await tx
    .update(firms)
    .set({
      stripeCustomerId: firm.stripeCustomerId ?? idOf(subscription.customer),
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      seatQuantity: seats,
      currentPeriodEnd: next.currentPeriodEnd,
      billingLastEventAt: eventCreatedAt,
      updatedAt: eventCreatedAt,
    })
    .where(eq(firms.id, firm.id));
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

/**
 * A Stripe Checkout session in subscription mode for the firm plan, `seats` its quantity. The firm is named in the
 * session and in the subscription's metadata, so every event that follows finds it. The caller checked the role
 * and the seat count.
 */
export async function createFirmCheckoutSession(
  config: AppConfig,
  firm: FirmRow,
  seats: number,
  ownerEmail: string,
): Promise<string> {
  const stripe = createStripeClient(config);
  if (!stripe || !config.stripe.firmPriceId) throw refusals.paymentsNotConfigured();
  const metadata = { firm_id: String(firm.id) };
  try {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: config.stripe.firmPriceId, quantity: seats }],
      client_reference_id: firmReferenceOf(firm.id),
      metadata,
      subscription_data: { metadata },
      ...(firm.stripeCustomerId ? { customer: firm.stripeCustomerId } : { customer_email: ownerEmail }),
      success_url: `${config.publicUrl}/firm?tab=billing&checkout=done`,
      cancel_url: `${config.publicUrl}/firm?tab=billing`,
    });
    if (!session.url) throw new Error("Stripe answered a Checkout session without a URL");
    return session.url;
  } catch (error) {
    if (error instanceof FirmRefusal) throw error;
    throw refusals.stripeUnreachable();
  }
}

/** A customer-portal session for the firm's Stripe customer, where the owner changes seats or cancels. */
export async function createFirmPortalSession(config: AppConfig, firm: FirmRow): Promise<string> {
  const stripe = createStripeClient(config);
  if (!stripe) throw refusals.paymentsNotConfigured();
  if (!firm.stripeCustomerId) {
    throw refusals.noBillingAccount();
  }
  try {
    const portal = await stripe.billingPortal.sessions.create({
      customer: firm.stripeCustomerId,
      return_url: `${config.publicUrl}/firm?tab=billing`,
    });
    return portal.url;
  } catch {
    throw refusals.stripeUnreachable();
  }
}

/**
 * Where closing a firm meets Stripe: its subscription is cancelled through the API before the firm's rows are
 * deleted, in the same transaction, so no seat is billed after the firm is gone. If Stripe refuses, the firm stays
 * and the owner can try again, rather than a firm that no longer exists going on being billed. A subscription Stripe
 * no longer knows, or one that has ended, has nothing to cancel.
 */
export async function cancelFirmBilling(config: AppConfig, firm: FirmRow): Promise<void> {
  try {
    await cancelFirmSubscription(createStripeClient(config), firm);
  } catch (error) {
    if (error instanceof FirmRefusal) throw error;
    throw refusals.cancellationRefused();
  }
}

/**
 * Cancels the firm's running subscription through Stripe's API; Stripe's refusal is thrown as it came. Also for an
 * account deletion that closes the firm (privacy/deletion.ts, which tries again later, as for a person's customer).
 */
export async function cancelFirmSubscription(stripe: Stripe | null, firm: FirmRow): Promise<void> {
  if (!firm.stripeSubscriptionId || hasFirmSubscriptionEnded(stateOf(firm), new Date(0))) return;
  if (!stripe) throw refusals.paymentsNotConfigured();
  try {
    await stripe.subscriptions.cancel(firm.stripeSubscriptionId);
  } catch (error) {
    // Already gone at Stripe: that is what we wanted.
    if ((error as { code?: string }).code !== "resource_missing") throw error;
  }
}
