import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `DELETE /api/firm/members/{userId}` (owners and admins, recent sign-in): their account stays; they are emailed. */
export function removeMember(userId: number) {
  return apiRequest(firmOperations.removeFirmMember, {
    parameters: { userId: String(userId) },
    schema: firmOperations.removeFirmMember.schemas.response[200],
  });
}

export function useRemoveMember({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => confirmIdentityThen(() => removeMember(userId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
