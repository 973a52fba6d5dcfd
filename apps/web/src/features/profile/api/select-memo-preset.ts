import { memoSettingsOperations } from "@precis/contract/memo-options";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { memoOptionsQueryOptions } from "./get-memo-options";

/** Makes one preset the one the extension uses. */
export function selectMemoPreset(id: number) {
  const operation = memoSettingsOperations.selectMemoPreset;
  return apiRequest(operation, { body: { id }, schema: operation.schemas.response[200] });
}

export function useSelectMemoPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectMemoPreset,
    onSuccess: (answer) => queryClient.setQueryData(memoOptionsQueryOptions().queryKey, answer),
  });
}
