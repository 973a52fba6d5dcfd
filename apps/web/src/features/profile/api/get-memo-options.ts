import { memoSettingsOperations } from "@precis/contract/memo-options";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { apiQueryOptions } from "@/lib/api-query-options";
import type { MemoOptions } from "../lib/memo-presets";

export function getMemoOptions(signal?: AbortSignal) {
  return apiRequestChecked(memoSettingsOperations.getUserOptions, { signal });
}

export const memoOptionsQueryOptions = () =>
  // The form copies the answer once; refetching on focus would not change what it shows.
  apiQueryOptions(["user-options"], getMemoOptions, { staleTime: Number.POSITIVE_INFINITY, retry: false });

export function useMemoOptions() {
  return useQuery(memoOptionsQueryOptions());
}

/**
 * A change to the presets: the server answers with them as they now are, and `toOptions` (given what the page
 * held) makes that the query's answer, with no second request.
 */
export function useMemoOptionsChange<TAnswer, TVariables>(
  change: (variables: TVariables) => Promise<TAnswer>,
  toOptions: (answer: TAnswer, previous: MemoOptions | undefined) => MemoOptions,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      queryClient.setQueryData(memoOptionsQueryOptions().queryKey, (previous) => toOptions(answer, previous));
    },
  });
}
