import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `DELETE /api/firm/domains/{domain}` (owners and admins): nobody joins by it any more, and nobody leaves. */
export function removeDomain(domain: string) {
  return apiRequest(firmOperations.removeFirmDomain, {
    parameters: { domain },
    schema: firmOperations.removeFirmDomain.schemas.response[200],
  });
}

export function useRemoveDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDomain,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
