import { userOptionsResponseSchema } from "@precis/contract/memo-options";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { memoOptionsQueryOptions } from "./get-memo-options";

/** Deletes one preset (the server refuses the last); answers the presets left and the selection. */
export function deleteMemoPreset(id: number) {
  return apiRequest(operations.deleteMemoPreset, { parameters: { id: String(id) }, schema: userOptionsResponseSchema });
}

export function useDeleteMemoPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemoPreset,
    onSuccess: (answer) => queryClient.setQueryData(memoOptionsQueryOptions().queryKey, answer),
  });
}
