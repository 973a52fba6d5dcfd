import { type MemoOptionSet, memoSettingsOperations } from "@precis/contract/memo-options";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { applySavedOptions, type MemoOptions } from "../lib/memo-presets";
import { memoOptionsQueryOptions } from "./get-memo-options";

export function saveMemoOptions(set: MemoOptionSet) {
  const operation = memoSettingsOperations.saveUserOptions;
  return apiRequest(operation, { body: set, schema: operation.schemas.response[200] });
}

/** Saves a whole preset (its settings, or its new name); the selection stays as it was (see applySavedOptions). */
export function useSaveMemoOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMemoOptions,
    onSuccess: (saved) => {
      const { queryKey } = memoOptionsQueryOptions();
      queryClient.setQueryData(queryKey, (previous: MemoOptions | undefined) => applySavedOptions(previous, saved));
    },
  });
}
