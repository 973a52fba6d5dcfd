import { firmOperations } from "@precis/contract/firms";
import { useMutation } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";

/** `POST /api/firm/invitations/decline`, signed in or out: the invitation closes and its inviter is told by email. */
export function declineInvitation(token: string) {
  return apiRequestChecked(firmOperations.declineFirmInvitation, { body: { token } });
}

export function useDeclineInvitation() {
  return useMutation({ mutationFn: declineInvitation });
}
