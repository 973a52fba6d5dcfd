import { memoSettingsOperations } from "@precis/contract/memo-options";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function getMemoOptions(signal?: AbortSignal) {
  const operation = memoSettingsOperations.getUserOptions;
  return apiRequest(operation, { signal, schema: operation.schemas.response[200] });
}

export const memoOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ["user-options"],
    queryFn: ({ signal }) => getMemoOptions(signal),
    // The form copies the answer once; refetching on focus would not change what it shows.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useMemoOptions() {
  return useQuery(memoOptionsQueryOptions());
}
