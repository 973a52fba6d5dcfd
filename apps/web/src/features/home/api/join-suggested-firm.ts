import { firmResponseSchema } from "@precis/contract/firms";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { entitlementQueryOptions } from "@/lib/entitlement";
import type { ConfirmIdentityThen } from "@/lib/use-refreshing-mutation";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `POST /api/firm/join-by-domain` (recent sign-in): the suggested firm takes the caller in as a member. */
export function useJoinSuggestedFirm({
  confirmIdentityThen,
  onJoined,
}: {
  confirmIdentityThen: ConfirmIdentityThen;
  onJoined: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (firmId: number) =>
      confirmIdentityThen(() =>
        apiRequest(operations.joinFirmByDomain, { body: { firmId }, schema: firmResponseSchema }),
      ),
    // Told before the firm query is read again: its answer ends the suggestion, and the offer with it (a callback
    // of `mutate` would not run once the offer is gone). A member's access is now the firm's (or its policy's):
    // Home's access notices read it again.
    onSuccess: () => {
      onJoined();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: entitlementQueryOptions().queryKey }),
      ]);
    },
  });
}
