import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `POST /api/firm/transfer` (owner, recent sign-in): the member becomes an owner, the caller an admin. */
export function transferOwnership(userId: number) {
  return apiRequest(firmOperations.transferFirmOwnership, {
    body: { userId },
    schema: firmOperations.transferFirmOwnership.schemas.response[200],
  });
}

export function useTransferOwnership({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => confirmIdentityThen(() => transferOwnership(userId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
