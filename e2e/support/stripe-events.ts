import Stripe from "stripe";
import { expect } from "vitest";
import { E2E_STRIPE_WEBHOOK_SECRET } from "./global-setup.ts";

let eventCount = 0;

/**
 * Delivers a Stripe event to the suite's server, signed with its webhook secret, as Stripe would. Each event is
 * created a second after the one before: the webhooks apply events in the order Stripe made them, and two made
 * in the same second would leave the later one stale.
 */
export async function deliverStripeEvent(baseUrl: string, type: string, object: Record<string, unknown>) {
  eventCount += 1;
  const event = {
    id: `evt_e2e_${Date.now().toString(36)}_${eventCount}`,
    object: "event",
    created: Math.floor(Date.now() / 1000) + eventCount,
    type,
    data: { object },
  };
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE_WEBHOOK_SECRET });
  const response = await fetch(`${baseUrl}/api/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
  expect(response.status).toBe(200);
}
