import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/** `DELETE /api/firm/members/{userId}` (owners and admins, recent sign-in): their account stays; they are emailed. */
export function removeMember(userId: number) {
  return apiRequestChecked(firmOperations.removeFirmMember, { parameters: { userId: String(userId) } });
}

export function useRemoveMember({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(removeMember, { refreshOn: "settled", confirmIdentityThen });
}
