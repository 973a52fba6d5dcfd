import { firmOperations } from "@precis/contract/firms";
import { useQuery } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { firmQueryOptionsFor } from "./firm-query-key";

/** `GET /api/firm/invitations` (owners and admins): the open ones, expired ones included so they can be resent. */
export function getFirmInvitations(signal?: AbortSignal) {
  return apiRequestChecked(firmOperations.getFirmInvitations, { signal });
}

export const firmInvitationsQueryOptions = () => firmQueryOptionsFor(["invitations"], getFirmInvitations);

export function useFirmInvitations() {
  return useQuery(firmInvitationsQueryOptions());
}
