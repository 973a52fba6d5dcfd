import { firmOperations } from "@precis/contract/firms";
import { useQuery } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { firmQueryOptionsFor } from "./firm-query-key";

/** `GET /api/firm/domains` (owners and admins): the firm's email domains and how people at each join. */
export function getFirmDomains(signal?: AbortSignal) {
  return apiRequestChecked(firmOperations.getFirmDomains, { signal });
}

export const firmDomainsQueryOptions = () => firmQueryOptionsFor(["domains"], getFirmDomains);

export function useFirmDomains() {
  return useQuery(firmDomainsQueryOptions());
}
