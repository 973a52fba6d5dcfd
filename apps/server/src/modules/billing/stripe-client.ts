/*
 * The Stripe client lives in lib/ (core), since firms (issue 44) call Stripe too and feature modules do not import
 * each other; billing keeps its old import path.
 */
export { createStripeClient, stripeWebhooks } from "../../lib/stripe-client.ts";
