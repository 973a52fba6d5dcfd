import { type MemoOptionSet, saveUserOptionsResponseSchema } from "@precis/contract/memo-options";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { applySavedOptions, type MemoOptions } from "../lib/memo-presets";
import { memoOptionsQueryOptions } from "./get-memo-options";

export function saveMemoOptions(set: MemoOptionSet) {
  return apiRequest(operations.saveUserOptions, { body: set, schema: saveUserOptionsResponseSchema });
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
