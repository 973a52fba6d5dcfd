import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { entitlementQueryOptions } from "@/lib/entitlement";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/**
 * `POST /api/firm/leave` from Home (issue 53): the person whose access a firm manages leaves it, as on /firm. Their
 * access is their own again: the firm's queries and Home's access notices read it again.
 */
export function useLeaveFirmFromHome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequestChecked(firmOperations.leaveFirm),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: entitlementQueryOptions().queryKey }),
      ]),
  });
}
