import { type FirmRole, firmMembersResponseSchema } from "@precis/contract/firms";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `PATCH /api/firm/members/{userId}` (owners and admins, recent sign-in): the member's new role. */
export function changeMemberRole({ userId, role }: { userId: number; role: FirmRole }) {
  return apiRequest(operations.changeFirmMemberRole, {
    parameters: { userId: String(userId) },
    body: { role },
    schema: firmMembersResponseSchema,
  });
}

export function useChangeMemberRole({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { userId: number; role: FirmRole }) => confirmIdentityThen(() => changeMemberRole(change)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
