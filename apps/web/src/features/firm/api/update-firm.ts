import { firmOperations, type UpdateFirmRequest } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/** `PATCH /api/firm`: the name, or any subset of the policies (which asks for a recent sign-in). */
export function updateFirm(change: UpdateFirmRequest) {
  return apiRequestChecked(firmOperations.updateFirm, { body: change });
}

export function useUpdateFirm({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(updateFirm, { refreshOn: "settled", confirmIdentityThen });
}
