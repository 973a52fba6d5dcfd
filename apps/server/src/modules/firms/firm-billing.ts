import type { firms } from "../../db/schema.ts";

/**
 * The seam where closing a firm meets Stripe. Phase 1 sells no seats, so there is nothing to cancel. Phase 2 cancels
 * the firm's subscription here through Stripe's API (`subscriptions.cancel(firm.stripeSubscriptionId)`), before the
 * firm's rows are deleted in the same transaction: if Stripe refuses, the firm stays and the owner can try again,
 * rather than a firm that no longer exists going on being billed.
 */
export async function cancelFirmBilling(firm: typeof firms.$inferSelect): Promise<void> {
  if (firm.stripeSubscriptionId) {
    throw new Error(`firm ${firm.id} has a Stripe subscription, and cancelling it comes with seats (phase 2)`);
  }
}
