import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshAfterSecondFactorChange } from "@/lib/get-mfa-status";

/** `DELETE /api/passkeys/{id}` (a recent sign-in needed): it no longer signs in. A 404: it was removed already. */
export function removePasskey(passkeyId: number) {
  return apiRequest(operations.removePasskey, { parameters: { id: String(passkeyId) } });
}

export function useRemovePasskey({
  confirmIdentityThen,
}: {
  confirmIdentityThen: <T>(action: () => Promise<T>) => Promise<T>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: number) => confirmIdentityThen(() => removePasskey(passkeyId)),
    onSettled: () => refreshAfterSecondFactorChange(queryClient),
  });
}
