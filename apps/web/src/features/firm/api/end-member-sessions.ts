import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/**
 * `DELETE /api/firm/members/{userId}/sessions` (owners and admins, recent sign-in): the member is signed out of the
 * portal and the extension everywhere, and emailed; the caller never sees the sessions.
 */
export function endMemberSessions(userId: number) {
  return apiRequestChecked(firmOperations.endFirmMemberSessions, { parameters: { userId: String(userId) } });
}

export function useEndMemberSessions({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(endMemberSessions, { refreshOn: "settled", confirmIdentityThen });
}
