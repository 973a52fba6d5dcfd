import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/** `POST /api/firm/invitations/accept` (recent sign-in): the token of the emailed `/firm/join?token=…` link. */
export function acceptInvitation(token: string) {
  return apiRequestChecked(firmOperations.acceptFirmInvitation, { body: { token } });
}

export function useAcceptInvitation({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(acceptInvitation, { refreshOn: "success", confirmIdentityThen });
}
