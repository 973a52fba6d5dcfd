import { subscriptionOperations } from "@precis/contract/subscription";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** SPEC §7: a POST with no body, abortable (the page's unmount cancels it). */
export function getPricingSession(signal?: AbortSignal) {
  const operation = subscriptionOperations.createPricingSession;
  return apiRequest(operation, { signal, schema: operation.schemas.response[200] });
}

export const pricingSessionQueryOptions = () =>
  queryOptions({
    queryKey: ["pricing-session"],
    queryFn: ({ signal }) => getPricingSession(signal),
    // SPEC §4: fetched once per visit of the page, not on every focus.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function usePricingSession(options: { enabled: boolean }) {
  return useQuery({ ...pricingSessionQueryOptions(), enabled: options.enabled });
}
