import { type FirmRole, firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `PATCH /api/firm/members/{userId}` (owners and admins, recent sign-in): the member's new role. */
export function changeMemberRole({ userId, role }: { userId: number; role: FirmRole }) {
  return apiRequest(firmOperations.changeFirmMemberRole, {
    parameters: { userId: String(userId) },
    body: { role },
    schema: firmOperations.changeFirmMemberRole.schemas.response[200],
  });
}

export function useChangeMemberRole({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { userId: number; role: FirmRole }) => confirmIdentityThen(() => changeMemberRole(change)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
