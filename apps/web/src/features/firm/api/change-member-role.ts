import { type FirmRole, firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/** `PATCH /api/firm/members/{userId}` (owners and admins, recent sign-in): the member's new role. */
export function changeMemberRole({ userId, role }: { userId: number; role: FirmRole }) {
  return apiRequestChecked(firmOperations.changeFirmMemberRole, {
    parameters: { userId: String(userId) },
    body: { role },
  });
}

export function useChangeMemberRole({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(changeMemberRole, { refreshOn: "settled", confirmIdentityThen });
}
