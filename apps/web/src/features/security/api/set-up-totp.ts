import { useMutation } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";
import type { ConfirmIdentityThen } from "@/lib/use-refreshing-mutation";

/**
 * `POST /api/mfa/totp/setup` (a recent sign-in needed): a new secret, not in force until a code from the app
 * confirms it. Asking again replaces a secret still waiting.
 */
export function setUpTotp() {
  return apiRequestTo(mfaContract, "setUpTotp");
}

export function useSetUpTotp({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useMutation({ mutationFn: () => confirmIdentityThen(setUpTotp) });
}
