import { userOptionsResponseSchema } from "@precis/contract/memo-options";
import { operations } from "@precis/contract/operations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function getMemoOptions(signal?: AbortSignal) {
  return apiRequest(operations.getUserOptions, { signal, schema: userOptionsResponseSchema });
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
