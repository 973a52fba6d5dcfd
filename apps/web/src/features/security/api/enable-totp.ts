import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";
import { refreshAfterSecondFactorChange } from "@/lib/get-mfa-status";

/** `POST /api/mfa/totp/enable`: a code from the app proves it holds the secret. Resolves to the ten recovery codes. */
export async function enableTotp(code: string): Promise<string[]> {
  const { recoveryCodes } = await apiRequestCheckedBy(
    () => import("@precis/contract/mfa").then(({ mfaOperations }) => mfaOperations.enableTotp.schemas.response[200]),
    operations.enableTotp,
    { body: { code } },
  );
  return recoveryCodes;
}

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSettled: () => refreshAfterSecondFactorChange(queryClient),
  });
}
