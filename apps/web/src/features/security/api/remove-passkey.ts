import { operations } from "@precis/contract/operations";
import { apiRequest } from "@/lib/api-client";
import { refreshAfterSecondFactorChange } from "@/lib/get-mfa-status";
import { type ConfirmIdentityThen, useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** `DELETE /api/passkeys/{id}` (a recent sign-in needed): it no longer signs in. A 404: it was removed already. */
export function removePasskey(passkeyId: number) {
  return apiRequest(operations.removePasskey, { parameters: { id: String(passkeyId) } });
}

export function useRemovePasskey({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useRefreshingMutation(removePasskey, {
    refresh: refreshAfterSecondFactorChange,
    refreshOn: "settled",
    confirmIdentityThen,
  });
}
