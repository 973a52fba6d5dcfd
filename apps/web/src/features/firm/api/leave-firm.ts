import { firmResponseSchema } from "@precis/contract/firms";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `POST /api/firm/leave`: anyone but the last owner; the account keeps its own access. */
export function leaveFirm() {
  return apiRequest(operations.leaveFirm, { schema: firmResponseSchema });
}

export function useLeaveFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveFirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
