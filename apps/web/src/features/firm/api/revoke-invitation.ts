import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `DELETE /api/firm/invitations/{id}` (owners and admins): the link stops working. */
export function revokeInvitation(id: number) {
  return apiRequest(firmOperations.revokeFirmInvitation, {
    parameters: { id: String(id) },
    schema: firmOperations.revokeFirmInvitation.schemas.response[200],
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
