import { and, eq, lte } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { stripeCustomers, stripeEvents, subscriptions, users } from "../../db/schema/index.ts";
import { applyFirmStripeEvent } from "../firms/firm-billing.ts";

export type EventOutcome =
  | "applied"
  | "duplicate"
  | "stale"
  | "unknownUser"
  | "unknownSubscription"
  | "unknownFirm"
  | "ignored";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * Applies one verified Stripe event exactly once. The event id is recorded in the same transaction
 * as its effect, so a replay (even a concurrent one) changes nothing; a subscription row only takes
 * a state from an event at least as recent as the one it already holds, so out-of-order delivery
 * converges on the newest state.
 */
export async function applyStripeEvent(
  db: AppDatabase,
  config: AppConfig,
  event: Stripe.Event,
  now: Date,
): Promise<EventOutcome> {
  const eventCreatedAt = new Date(event.created * 1000);
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ eventId: event.id, type: event.type, eventCreatedAt, outcome: "pending", payload: event })
      .onConflictDoNothing()
      .returning({ eventId: stripeEvents.eventId });
    if (recorded.length === 0) return "duplicate";

    const outcome = await applyEffect(tx, config, event, eventCreatedAt, now);
    await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.eventId, event.id));
    return outcome;
  });
}

async function applyEffect(
  tx: AppDatabase,
  config: AppConfig,
  event: Stripe.Event,
  eventCreatedAt: Date,
  now: Date,
): Promise<EventOutcome> {
  // A firm's Checkout and subscription (issue 44) keep the firm's seats; everything else is a person's plan.
  const firmOutcome = await applyFirmStripeEvent(tx, config, event, eventCreatedAt, now);
  if (firmOutcome !== null) return firmOutcome;
  switch (event.type) {
    case "checkout.session.completed":
      return linkCustomer(tx, event.data.object);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return storeSubscription(tx, event.data.object, eventCreatedAt);
    case "invoice.payment_failed":
      return markPaymentFailed(tx, event.data.object, eventCreatedAt);
    default:
      return "ignored";
  }
}

/**
 * Checkout's client_reference_id is our user id: remember which customer that user is. Anything else there (a
 * `firm-<id>` set on a pricing table, say) names no one: the customer is kept, linked to nobody.
 */
async function linkCustomer(tx: AppDatabase, session: Stripe.Checkout.Session): Promise<EventOutcome> {
  const customerId = idOf(session.customer);
  if (!customerId) return "ignored";
  const userId = /^\d{1,15}$/.test(session.client_reference_id ?? "") ? Number(session.client_reference_id) : null;
  const [user] = userId ? await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)) : [];
  await tx
    .insert(stripeCustomers)
    .values({ customerId, userId: user?.id ?? null })
    .onConflictDoUpdate({ target: stripeCustomers.customerId, set: { userId: user?.id ?? null } });
  return user ? "applied" : "unknownUser";
}

async function storeSubscription(tx: AppDatabase, subscription: Stripe.Subscription, eventCreatedAt: Date) {
  const item = subscription.items?.data?.[0];
  const price = item?.price;
  const product = typeof price?.product === "object" && price.product && "name" in price.product ? price.product : null;
  // Newer API versions keep the period on the item; older ones on the subscription.
  const periodEnd =
    item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  const row = {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: subscription.status,
    planName: price?.nickname ?? subscription.metadata?.plan_name ?? product?.name ?? "Precis",
    planDetails: subscription.metadata?.plan_details ?? product?.description ?? "",
    pricePeriod: price?.recurring?.interval ?? "month",
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    lastEventAt: eventCreatedAt,
  };
  const written = await tx
    .insert(subscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: subscriptions.subscriptionId,
      set: { ...row, updatedAt: new Date() },
      setWhere: lte(subscriptions.lastEventAt, eventCreatedAt),
    })
    .returning({ subscriptionId: subscriptions.subscriptionId });
  return written.length > 0 ? "applied" : "stale";
}

async function markPaymentFailed(
  tx: AppDatabase,
  invoice: Stripe.Invoice,
  eventCreatedAt: Date,
): Promise<EventOutcome> {
  const subscriptionId =
    idOf(invoice.parent?.subscription_details?.subscription) ??
    idOf((invoice as unknown as { subscription?: string | { id: string } }).subscription);
  if (!subscriptionId) return "ignored";
  const updated = await tx
    .update(subscriptions)
    .set({ status: "past_due", lastEventAt: eventCreatedAt, updatedAt: new Date() })
    .where(and(eq(subscriptions.subscriptionId, subscriptionId), lte(subscriptions.lastEventAt, eventCreatedAt)))
    .returning({ subscriptionId: subscriptions.subscriptionId });
  if (updated.length > 0) return "applied";
  const [exists] = await tx
    .select({ id: subscriptions.subscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.subscriptionId, subscriptionId));
  return exists ? "stale" : "unknownSubscription";
}
