import { firmResponseSchema } from "@precis/contract/firms";
import { operations } from "@precis/contract/operations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `GET /api/firm`: the caller's firm and role, or `firm: null` with the firm their domain suggests, if any. */
export function getFirm(signal?: AbortSignal) {
  return apiRequest(operations.getFirm, { schema: firmResponseSchema, signal });
}

export const firmQueryOptions = () =>
  queryOptions({ queryKey: [...FIRM_QUERY_KEY, "own"], queryFn: ({ signal }) => getFirm(signal), staleTime: 0 });

export function useFirm() {
  return useQuery(firmQueryOptions());
}
