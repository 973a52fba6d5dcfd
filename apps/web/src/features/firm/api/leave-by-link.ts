import { leaveLinkOperations } from "@precis/contract/firms";
import { useMutation } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";

/**
 * `POST /api/firm/leave-link`, signed out: mails a link to leave the firm to an address whose firm's sign-in policy
 * refuses it (decision 043). It answers alike for any address.
 */
export function requestLeaveLink(email: string) {
  return apiRequestChecked(leaveLinkOperations.requestLeaveLink, { body: { email } });
}

/** `POST /api/firm/leave-by-link`, signed out: the emailed link's token takes the person out of the firm. */
export function leaveByLink(token: string) {
  return apiRequestChecked(leaveLinkOperations.leaveByLink, { body: { token } });
}

export function useRequestLeaveLink() {
  return useMutation({ mutationFn: requestLeaveLink });
}

export function useLeaveByLink() {
  return useMutation({ mutationFn: leaveByLink });
}
