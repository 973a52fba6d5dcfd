import { firmOperations } from "@precis/contract/firms";
import { useMutation } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";

/** `POST /api/firm/checkout` (owner): Stripe Checkout's address for `seats` seats of the firm plan. */
export function createFirmCheckout(seats: number) {
  return apiRequestChecked(firmOperations.createFirmCheckout, { body: { seats } });
}

/** `POST /api/firm/billing-portal` (owner): the firm's Stripe customer portal (seats, card, invoices, cancel). */
export function openFirmBillingPortal() {
  return apiRequestChecked(firmOperations.openFirmBillingPortal);
}

/** Leaves for Stripe: nothing of the firm changes until Stripe's signed events say so (the webhook). */
const goTo = ({ url }: { url: string }) => window.location.assign(url);

export function useFirmCheckout() {
  return useMutation({ mutationFn: createFirmCheckout, onSuccess: goTo });
}

export function useFirmBillingPortal() {
  return useMutation({ mutationFn: openFirmBillingPortal, onSuccess: goTo });
}
