import type { DisableTotpRequest } from "@precis/contract/mfa";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";
import { refreshAfterSecondFactorChange } from "@/lib/get-mfa-status";

/** `POST /api/mfa/totp/disable`: the password, or a code (the app's or a recovery code), turns the app off. */
export function disableTotp(request: DisableTotpRequest) {
  return apiRequestTo(mfaContract, "disableTotp", { body: request });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    // The password or the code it carries is the confirmation: no recent sign-in is asked for.
    mutationFn: disableTotp,
    onSettled: () => refreshAfterSecondFactorChange(queryClient),
  });
}
