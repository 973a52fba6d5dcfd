import { type CreateMemoPresetRequest, createMemoPresetResponseSchema } from "@precis/contract/memo-options";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { memoOptionsQueryOptions } from "./get-memo-options";

/** A new preset from the defaults, or a copy of `copyFromId`; answers every preset and the new one's id. */
export function createMemoPreset(request: CreateMemoPresetRequest) {
  return apiRequest(operations.createMemoPreset, { body: request, schema: createMemoPresetResponseSchema });
}

export function useCreateMemoPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMemoPreset,
    onSuccess: ({ options, selectedOptionId }) => {
      queryClient.setQueryData(memoOptionsQueryOptions().queryKey, { options, selectedOptionId });
    },
  });
}
