import { subscriptionOperations } from "@precis/contract/subscription";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function createBillingPortalSession() {
  const operation = subscriptionOperations.openBillingPortal;
  return apiRequest(operation, { schema: operation.schemas.response[200] });
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
