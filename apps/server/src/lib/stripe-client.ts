import Stripe from "stripe";
import type { AppConfig } from "../config.ts";

/**
 * The Stripe client, or null when payments are not configured (a fresh development machine).
 * STRIPE_API_URL points it at a local stand-in that speaks Stripe's protocol, for tests.
 */
export function createStripeClient(config: AppConfig): Stripe | null {
  if (!config.stripe.secretKey) return null;
  const apiUrl = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : null;
  return new Stripe(config.stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(apiUrl
      ? { host: apiUrl.hostname, port: apiUrl.port, protocol: apiUrl.protocol === "http:" ? "http" : "https" }
      : {}),
  });
}

/** Signature checks need no API key: Stripe's static helper verifies against the endpoint secret. */
export const stripeWebhooks = Stripe.webhooks;
