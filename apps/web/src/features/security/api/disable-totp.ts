import type { DisableTotpRequest } from "@precis/contract/mfa";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";
import { mfaStatusQueryOptions } from "@/lib/get-mfa-status";

/** `POST /api/mfa/totp/disable`: the password, or a code (the app's or a recovery code), turns the app off. */
export function disableTotp(request: DisableTotpRequest) {
  return apiRequestCheckedBy(
    () => import("@precis/contract/auth").then(({ statusResponseSchema }) => statusResponseSchema),
    "/mfa/totp/disable",
    { method: "POST", body: request },
  );
}

export function useDisableTotp({
  confirmIdentityThen,
}: {
  confirmIdentityThen: <T>(action: () => Promise<T>) => Promise<T>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DisableTotpRequest) => confirmIdentityThen(() => disableTotp(request)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
