import { userOptionsResponseSchema } from "@precis/contract/memo-options";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { memoOptionsQueryOptions } from "./get-memo-options";

/** Makes one preset the one the extension uses. */
export function selectMemoPreset(id: number) {
  return apiRequest(operations.selectMemoPreset, { body: { id }, schema: userOptionsResponseSchema });
}

export function useSelectMemoPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectMemoPreset,
    onSuccess: (answer) => queryClient.setQueryData(memoOptionsQueryOptions().queryKey, answer),
  });
}
