import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `POST /api/firm/leave`: anyone but the last owner; the account keeps its own access. */
export function leaveFirm() {
  return apiRequest(firmOperations.leaveFirm, { schema: firmOperations.leaveFirm.schemas.response[200] });
}

export function useLeaveFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveFirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
