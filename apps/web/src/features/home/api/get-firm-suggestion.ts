import { operations } from "@precis/contract/operations";
import { useQuery } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";
import { OWN_FIRM_QUERY_KEY } from "./firm-query-key";

/**
 * `GET /api/firm`: the caller's firm, or `firm: null` with the firm their verified domain suggests (issue 44). The
 * schema (and zod with it) loads with the request, as the entitlement's does: Home's first load stays without it.
 */
export function useFirmSuggestion({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: OWN_FIRM_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiRequestCheckedBy(
        () => import("@precis/contract/firms").then(({ firmResponseSchema }) => firmResponseSchema),
        operations.getFirm,
        { signal },
      ),
    enabled,
    // Home is not the place to say the firm could not be asked: the suggestion simply does not show.
    retry: false,
  });
}
