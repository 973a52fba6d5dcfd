import { firmResponseSchema } from "@precis/contract/firms";
import { operations } from "@precis/contract/operations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { entitlementQueryOptions } from "@/lib/entitlement";

/**
 * The firm feature's keys (features/firm/api/firm-query-key.ts), written out again because features do not import
 * each other: Home and /firm share the one `GET /api/firm` answer, and a join refreshes every firm query.
 */
const FIRM_QUERY_KEY = ["firm"] as const;
const OWN_FIRM_QUERY_KEY = [...FIRM_QUERY_KEY, "own"] as const;

/** `GET /api/firm`: the caller's firm, or `firm: null` with the firm their verified domain suggests (issue 44). */
export function useFirmSuggestion({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: OWN_FIRM_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest(operations.getFirm, { schema: firmResponseSchema, signal }),
    enabled,
    // Home is not the place to say the firm could not be asked: the suggestion simply does not show.
    retry: false,
  });
}

/** The confirm-identity step-up of components/confirm-identity.tsx, as the join receives it. */
type ConfirmIdentityThen = <T>(action: () => Promise<T>) => Promise<T>;

/** `POST /api/firm/join-by-domain` (recent sign-in): the suggested firm takes the caller in as a member. */
export function useJoinSuggestedFirm({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (firmId: number) =>
      confirmIdentityThen(() =>
        apiRequest(operations.joinFirmByDomain, { body: { firmId }, schema: firmResponseSchema }),
      ),
    // A member's access is now the firm's (or its policy's): Home's access notices read it again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: entitlementQueryOptions().queryKey }),
      ]),
  });
}
