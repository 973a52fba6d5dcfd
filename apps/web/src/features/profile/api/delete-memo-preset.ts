import { memoSettingsOperations } from "@precis/contract/memo-options";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { memoOptionsQueryOptions } from "./get-memo-options";

/** Deletes one preset (the server refuses the last); answers the presets left and the selection. */
export function deleteMemoPreset(id: number) {
  const operation = memoSettingsOperations.deleteMemoPreset;
  return apiRequest(operation, { parameters: { id: String(id) }, schema: operation.schemas.response[200] });
}

export function useDeleteMemoPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemoPreset,
    onSuccess: (answer) => queryClient.setQueryData(memoOptionsQueryOptions().queryKey, answer),
  });
}
