import { type MemoOptionSet, saveUserOptionsResponseSchema } from "@precis/contract/memo-options";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { memoOptionsQueryOptions } from "./get-memo-options";

export function saveMemoOptions(set: MemoOptionSet) {
  return apiRequest("/user-options", { method: "PUT", body: set, schema: saveUserOptionsResponseSchema });
}

export function useSaveMemoOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMemoOptions,
    onSuccess: ({ options, updatedOptionId }) => {
      // The saved set becomes the selected one (the server's read says the same).
      queryClient.setQueryData(memoOptionsQueryOptions().queryKey, { options, selectedOptionId: updatedOptionId });
    },
  });
}
