/**
 * When a firm's Stripe subscription seats its members (issue 44), one rule for the entitlement (billing) and the seat
 * limit (firms), which are separate modules.
 *
 * `active` and `trialing` as a personal plan; `past_due` too, unlike a personal plan: while Stripe retries a failed
 * renewal (its dunning settings end it as `canceled` or `unpaid`), a whole firm's lawyers keep working and its seat
 * limit keeps holding. The period's end guards against a missed `deleted` event.
 */
export const SEATING_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);

export interface FirmSubscriptionState {
  subscriptionId: string | null;
  status: string | null;
  currentPeriodEnd: Date | null;
}

/** Whether the firm's members hold seats now: a seat limit applies, and each has `access: "firm"`. */
export const isFirmSeated = (firm: FirmSubscriptionState, now: Date) =>
  firm.subscriptionId !== null &&
  firm.status !== null &&
  SEATING_STATUSES.has(firm.status) &&
  (firm.currentPeriodEnd === null || firm.currentPeriodEnd > now);

/** Stripe's statuses of a subscription that bills and seats no more (`incomplete` is not one: it may yet start). */
const ENDED_STATUSES: ReadonlySet<string> = new Set(["canceled", "unpaid", "incomplete_expired", "paused"]);

/** Whether the firm had a subscription that no longer seats anyone: its members went back to their own access. */
export const hasFirmSubscriptionEnded = (firm: FirmSubscriptionState, now: Date) =>
  firm.subscriptionId !== null &&
  firm.status !== null &&
  (ENDED_STATUSES.has(firm.status) || (SEATING_STATUSES.has(firm.status) && !isFirmSeated(firm, now)));
