import { type CreateInvitationRequest, firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/**
 * `POST /api/firm/invitations` (owners and admins; an admin's invitation asks for a recent sign-in). The same
 * address again is the resend: a new link, seven more days, and the old link stops working.
 */
export function inviteToFirm(invitation: CreateInvitationRequest) {
  return apiRequestChecked(firmOperations.inviteToFirm, { body: invitation });
}

export function useInviteToFirm({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(inviteToFirm, { refreshOn: "settled", confirmIdentityThen });
}
