import { firmOperations, type UpdateFirmRequest } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `PATCH /api/firm`: the name, or any subset of the policies (which asks for a recent sign-in). */
export function updateFirm(change: UpdateFirmRequest) {
  return apiRequest(firmOperations.updateFirm, {
    body: change,
    schema: firmOperations.updateFirm.schemas.response[200],
  });
}

export function useUpdateFirm({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateFirmRequest) => confirmIdentityThen(() => updateFirm(change)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
