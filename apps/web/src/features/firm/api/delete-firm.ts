import { statusResponseSchema } from "@precis/contract/auth";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `DELETE /api/firm` (owner, recent sign-in): memberships end, every account stays, members are emailed. */
export function deleteFirm() {
  return apiRequest(operations.deleteFirm, { schema: statusResponseSchema });
}

export function useDeleteFirm({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmIdentityThen(deleteFirm),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
