import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `DELETE /api/firm` (owner, recent sign-in): memberships end, every account stays, members are emailed. */
export function deleteFirm() {
  return apiRequest(firmOperations.deleteFirm, { schema: firmOperations.deleteFirm.schemas.response[200] });
}

export function useDeleteFirm({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmIdentityThen(deleteFirm),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
