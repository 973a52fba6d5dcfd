import { operations } from "@precis/contract/operations";
import { useMutation } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";

/**
 * `POST /api/mfa/totp/setup` (a recent sign-in needed): a new secret, not in force until a code from the app
 * confirms it. Asking again replaces a secret still waiting.
 */
export function setUpTotp() {
  return apiRequestCheckedBy(
    () => import("@precis/contract/mfa").then(({ mfaOperations }) => mfaOperations.setUpTotp.schemas.response[200]),
    operations.setUpTotp,
    {},
  );
}

export function useSetUpTotp({
  confirmIdentityThen,
}: {
  confirmIdentityThen: <T>(action: () => Promise<T>) => Promise<T>;
}) {
  return useMutation({ mutationFn: () => confirmIdentityThen(setUpTotp) });
}
