import { firmOperations } from "@precis/contract/firms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `GET /api/firm/domains` (owners and admins): the firm's email domains and how people at each join. */
export function getFirmDomains(signal?: AbortSignal) {
  return apiRequest(firmOperations.getFirmDomains, {
    schema: firmOperations.getFirmDomains.schemas.response[200],
    signal,
  });
}

export const firmDomainsQueryOptions = () =>
  queryOptions({
    queryKey: [...FIRM_QUERY_KEY, "domains"],
    queryFn: ({ signal }) => getFirmDomains(signal),
    staleTime: 0,
  });

export function useFirmDomains() {
  return useQuery(firmDomainsQueryOptions());
}
