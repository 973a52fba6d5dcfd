import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `POST /api/firm/invitations/accept` (recent sign-in): the token of the emailed `/firm/join?token=…` link. */
export function acceptInvitation(token: string) {
  return apiRequest(firmOperations.acceptFirmInvitation, {
    body: { token },
    schema: firmOperations.acceptFirmInvitation.schemas.response[200],
  });
}

export function useAcceptInvitation({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => confirmIdentityThen(() => acceptInvitation(token)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
