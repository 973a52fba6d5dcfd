import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/** `DELETE /api/firm` (owner, recent sign-in): memberships end, every account stays, members are emailed. */
export function deleteFirm() {
  return apiRequestChecked(firmOperations.deleteFirm);
}

export function useDeleteFirm({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(deleteFirm, { refreshOn: "success", confirmIdentityThen });
}
