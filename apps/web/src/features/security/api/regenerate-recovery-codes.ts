import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";
import { mfaStatusQueryOptions } from "@/lib/get-mfa-status";

/** `POST /api/mfa/recovery-codes` (a recent sign-in needed): ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  const { recoveryCodes } = await apiRequestCheckedBy(
    () =>
      import("@precis/contract/mfa").then(
        ({ mfaOperations }) => mfaOperations.regenerateRecoveryCodes.schemas.response[200],
      ),
    operations.regenerateRecoveryCodes,
    {},
  );
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
