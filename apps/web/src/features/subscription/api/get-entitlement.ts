import { entitlementResponseSchema } from "@precis/contract/subscription";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function getEntitlement(signal?: AbortSignal) {
  return apiRequest("/entitlement", { signal, schema: entitlementResponseSchema });
}

export const entitlementQueryOptions = () =>
  queryOptions({ queryKey: ["entitlement"], queryFn: ({ signal }) => getEntitlement(signal), retry: false });

export function useEntitlement(options: { enabled: boolean }) {
  return useQuery({ ...entitlementQueryOptions(), enabled: options.enabled });
}
