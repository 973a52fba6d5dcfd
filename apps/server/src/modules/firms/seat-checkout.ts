import type { AppConfig } from "../../config.ts";
import { createStripeClient } from "../../lib/stripe-client.ts";
import { type FirmContext, type FirmRow, inCallerFirm, readUser } from "./caller-firm.ts";
import { countMembers } from "./seats.ts";

/*
 * The owner buys the firm's seats and manages them at Stripe: a Checkout session to buy, the customer portal to
 * change the seats, the card, or cancel. What Stripe then tells of the subscription is firm-billing.ts's.
 */

const paymentsNotConfigured = { outcome: "paymentsNotConfigured" } as const;
const stripeUnreachable = { outcome: "stripeUnreachable" } as const;

/** Stripe's statuses of a subscription over for good: the firm may buy again. */
const hasSubscriptionEnded = (firm: FirmRow) =>
  firm.subscriptionStatus !== null && ["canceled", "incomplete_expired"].includes(firm.subscriptionStatus);

/**
 * `POST /api/firm/checkout`: the owner buys `seats` seats, at least one for each current member, through a Stripe
 * Checkout session; the webhooks then keep the firm's seats and status. A firm whose subscription still runs changes
 * its seats in the customer portal instead, where Stripe prorates, rather than buying a second subscription.
 */
export async function startFirmCheckout(context: FirmContext, seats: number) {
  const checked = await inCallerFirm(
    context,
    { needs: "owner", isReadOnly: true, commits: ["mayBuy"] },
    async ({ tx, firm }) => {
      if (firm.stripeSubscriptionId && !hasSubscriptionEnded(firm)) return { outcome: "subscriptionRunning" } as const;
      const members = await countMembers(tx, firm.id);
      if (seats < members) return { outcome: "tooFewSeats", members } as const;
      return { outcome: "mayBuy" as const, firm, ownerEmail: (await readUser(tx, context.userId)).email };
    },
  );
  if (checked.outcome !== "mayBuy") return checked;
  return createFirmCheckoutSession(context.config, checked.firm, seats, checked.ownerEmail);
}

/**
 * A Stripe Checkout session in subscription mode for the firm plan, `seats` its quantity. The firm is named in the
 * session's and in the subscription's metadata, which only the server writes, so every event that follows finds it
 * and nobody else's purchase can name it.
 */
async function createFirmCheckoutSession(config: AppConfig, firm: FirmRow, seats: number, ownerEmail: string) {
  const stripe = createStripeClient(config);
  if (!stripe || !config.stripe.firmPriceId) return paymentsNotConfigured;
  const metadata = { firm_id: String(firm.id) };
  try {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: config.stripe.firmPriceId, quantity: seats }],
      metadata,
      subscription_data: { metadata },
      ...(firm.stripeCustomerId ? { customer: firm.stripeCustomerId } : { customer_email: ownerEmail }),
      success_url: `${config.publicUrl}/firm?tab=billing&checkout=done`,
      cancel_url: `${config.publicUrl}/firm?tab=billing`,
    });
    // Without a URL there is nothing to send the owner to: as good as no answer.
    return session.url ? { outcome: "started" as const, url: session.url } : stripeUnreachable;
  } catch {
    return stripeUnreachable;
  }
}

/** `POST /api/firm/billing-portal`: the owner manages the firm's subscription (seats, card, invoices, cancel). */
export async function openFirmBillingPortal(context: FirmContext) {
  const owned = await inCallerFirm(
    context,
    { needs: "owner", isReadOnly: true, commits: ["owner"] },
    async ({ firm }) => ({ outcome: "owner" as const, firm }),
  );
  if (owned.outcome !== "owner") return owned;
  const { firm } = owned;
  const stripe = createStripeClient(context.config);
  if (!stripe) return paymentsNotConfigured;
  if (!firm.stripeCustomerId) return { outcome: "noBillingAccount" } as const;
  try {
    const portal = await stripe.billingPortal.sessions.create({
      customer: firm.stripeCustomerId,
      return_url: `${context.config.publicUrl}/firm?tab=billing`,
    });
    return { outcome: "opened" as const, url: portal.url };
  } catch {
    return stripeUnreachable;
  }
}
