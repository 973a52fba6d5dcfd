import { subscriptionOperations } from "@precis/contract/subscription";
import { useMutation } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";

export function createBillingPortalSession() {
  return apiRequestChecked(subscriptionOperations.openBillingPortal);
}

/** "Change Subscription": Stripe's customer portal, in a new tab (product §4). */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: createBillingPortalSession,
    onSuccess: ({ url }) => {
      window.open(url, "_blank", "noopener,noreferrer");
    },
  });
}
