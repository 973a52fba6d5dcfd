import { operations } from "@precis/contract/operations";
import { billingPortalResponseSchema } from "@precis/contract/subscription";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function createBillingPortalSession() {
  return apiRequest(operations.openBillingPortal, { schema: billingPortalResponseSchema });
}

/** "Change Subscription": Stripe's customer portal, in a new tab (SPEC §4). */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: createBillingPortalSession,
    onSuccess: ({ url }) => {
      window.open(url, "_blank", "noopener,noreferrer");
    },
  });
}
