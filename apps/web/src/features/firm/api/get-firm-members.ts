import { firmOperations } from "@precis/contract/firms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `GET /api/firm/members` (owners and admins): who is in the firm, with their role. */
export function getFirmMembers(signal?: AbortSignal) {
  return apiRequest(firmOperations.getFirmMembers, {
    schema: firmOperations.getFirmMembers.schemas.response[200],
    signal,
  });
}

export const firmMembersQueryOptions = () =>
  queryOptions({
    queryKey: [...FIRM_QUERY_KEY, "members"],
    queryFn: ({ signal }) => getFirmMembers(signal),
    staleTime: 0,
  });

export function useFirmMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...firmMembersQueryOptions(), enabled });
}
