import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/** `POST /api/firm/transfer` (owner, recent sign-in): the member becomes an owner, the caller an admin. */
export function transferOwnership(userId: number) {
  return apiRequestChecked(firmOperations.transferFirmOwnership, { body: { userId } });
}

export function useTransferOwnership({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(transferOwnership, { refreshOn: "settled", confirmIdentityThen });
}
