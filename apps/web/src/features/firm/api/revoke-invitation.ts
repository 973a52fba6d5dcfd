import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { useFirmChange } from "./firm-query-key";

/** `DELETE /api/firm/invitations/{id}` (owners and admins): the link stops working. */
export function revokeInvitation(id: number) {
  return apiRequestChecked(firmOperations.revokeFirmInvitation, { parameters: { id: String(id) } });
}

export function useRevokeInvitation() {
  return useFirmChange(revokeInvitation, { refreshOn: "settled" });
}
