import { subscriptionOperations } from "@precis/contract/subscription";
import { useQuery } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { apiQueryOptions } from "@/lib/api-query-options";

/** product §7: a POST with no body, abortable (the page's unmount cancels it). */
export function getPricingSession(signal?: AbortSignal) {
  return apiRequestChecked(subscriptionOperations.createPricingSession, { signal });
}

export const pricingSessionQueryOptions = () =>
  // product §4: fetched once per visit of the page, not on every focus.
  apiQueryOptions(["pricing-session"], getPricingSession, { staleTime: Number.POSITIVE_INFINITY, retry: false });

export function usePricingSession(options: { enabled: boolean }) {
  return useQuery({ ...pricingSessionQueryOptions(), enabled: options.enabled });
}
