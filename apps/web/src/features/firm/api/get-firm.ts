import { firmOperations } from "@precis/contract/firms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `GET /api/firm`: the caller's firm and role, or `firm: null` with the firm their domain suggests, if any. */
export function getFirm(signal?: AbortSignal) {
  return apiRequest(firmOperations.getFirm, { schema: firmOperations.getFirm.schemas.response[200], signal });
}

export const firmQueryOptions = () =>
  queryOptions({ queryKey: [...FIRM_QUERY_KEY, "own"], queryFn: ({ signal }) => getFirm(signal), staleTime: 0 });

export function useFirm() {
  return useQuery(firmQueryOptions());
}
