import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";
import { mfaStatusQueryOptions } from "@/lib/get-mfa-status";

/** `POST /api/mfa/recovery-codes` (a recent sign-in needed): ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  const { recoveryCodes } = await apiRequestTo(mfaContract, "regenerateRecoveryCodes");
  return recoveryCodes;
}

export function useRegenerateRecoveryCodes({
  confirmIdentityThen,
}: {
  confirmIdentityThen: <T>(action: () => Promise<T>) => Promise<T>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmIdentityThen(regenerateRecoveryCodes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
