import { firmInvitationsResponseSchema } from "@precis/contract/firms";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `DELETE /api/firm/invitations/{id}` (owners and admins): the link stops working. */
export function revokeInvitation(id: number) {
  return apiRequest(operations.revokeFirmInvitation, {
    parameters: { id: String(id) },
    schema: firmInvitationsResponseSchema,
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
