import { type CreateInvitationRequest, firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/**
 * `POST /api/firm/invitations` (owners and admins; an admin's invitation asks for a recent sign-in). The same
 * address again is the resend: a new link, seven more days, and the old link stops working.
 */
export function inviteToFirm(invitation: CreateInvitationRequest) {
  return apiRequest(firmOperations.inviteToFirm, {
    body: invitation,
    schema: firmOperations.inviteToFirm.schemas.response[200],
  });
}

export function useInviteToFirm({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: CreateInvitationRequest) => confirmIdentityThen(() => inviteToFirm(invitation)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
