import { type CreateMemoPresetRequest, memoSettingsOperations } from "@precis/contract/memo-options";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { memoOptionsQueryOptions } from "./get-memo-options";

/** A new preset from the defaults, or a copy of `copyFromId`; answers every preset and the new one's id. */
export function createMemoPreset(request: CreateMemoPresetRequest) {
  const operation = memoSettingsOperations.createMemoPreset;
  return apiRequest(operation, { body: request, schema: operation.schemas.response[200] });
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
