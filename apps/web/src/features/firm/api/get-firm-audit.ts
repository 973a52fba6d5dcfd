import { firmOperations } from "@precis/contract/firms";
import { operations } from "@precis/contract/operations";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** Events a page: enough to fill the screen, few enough to come back at once. */
export const FIRM_AUDIT_PAGE_SIZE = 20;

/** `GET /api/firm/audit` (owners and admins): a page of the trail, newest first, older than `before` if given. */
export function getFirmAudit(before: number | null, signal?: AbortSignal, limit = FIRM_AUDIT_PAGE_SIZE) {
  return apiRequest(operations.getFirmAudit, {
    query: { limit, before: before ?? undefined },
    schema: firmOperations.getFirmAudit.schemas.response[200],
    signal,
  });
}

export const firmAuditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...FIRM_QUERY_KEY, "audit"],
    queryFn: ({ pageParam, signal }) => getFirmAudit(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    staleTime: 0,
  });

export function useFirmAudit() {
  return useInfiniteQuery(firmAuditQueryOptions());
}
