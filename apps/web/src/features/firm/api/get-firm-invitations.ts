import { firmOperations } from "@precis/contract/firms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `GET /api/firm/invitations` (owners and admins): the open ones, expired ones included so they can be resent. */
export function getFirmInvitations(signal?: AbortSignal) {
  return apiRequest(firmOperations.getFirmInvitations, {
    schema: firmOperations.getFirmInvitations.schemas.response[200],
    signal,
  });
}

export const firmInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: [...FIRM_QUERY_KEY, "invitations"],
    queryFn: ({ signal }) => getFirmInvitations(signal),
    staleTime: 0,
  });

export function useFirmInvitations() {
  return useQuery(firmInvitationsQueryOptions());
}
