import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";
import { mfaStatusQueryOptions } from "@/lib/get-mfa-status";
import { type ConfirmIdentityThen, invalidating, useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** `POST /api/mfa/recovery-codes` (a recent sign-in needed): ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  const { recoveryCodes } = await apiRequestTo(mfaContract, "regenerateRecoveryCodes");
  return recoveryCodes;
}

export function useRegenerateRecoveryCodes({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useRefreshingMutation(regenerateRecoveryCodes, {
    refresh: invalidating(mfaStatusQueryOptions().queryKey),
    refreshOn: "success",
    confirmIdentityThen,
  });
}
