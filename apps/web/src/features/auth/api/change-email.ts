import type { StatusResponse } from "@precis/contract/auth";
import { ssoOperations } from "@precis/contract/sso";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import type { SsoIdentity } from "@/features/auth/lib/firebase-sign-in";
import { apiRequest } from "@/lib/api-client";
import { userDetailsQueryOptions } from "@/lib/get-user-details";

/** `POST /api/sso/change-email`: moves the logged-in account to the email of a fresh Google or Microsoft sign-in. */
export function changeEmail({ email, idToken }: Pick<SsoIdentity, "email" | "idToken">): Promise<StatusResponse> {
  const operation = ssoOperations.changeEmailWithSso;
  return apiRequest(operation, {
    headers: { Authorization: basicAuthorization(email, idToken) },
    schema: operation.schemas.response[200],
  });
}

/**
 * The server asks for a recent proof of identity before the account moves (issue 42): `confirmIdentityThen`,
 * from useConfirmIdentity, asks for it and sends the same fresh Google or Microsoft sign-in again.
 */
export function useChangeEmail({
  confirmIdentityThen,
}: {
  confirmIdentityThen: <T>(action: () => Promise<T>) => Promise<T>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identity: Pick<SsoIdentity, "email" | "idToken">) => confirmIdentityThen(() => changeEmail(identity)),
    // The profile shows the email: fetch it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDetailsQueryOptions().queryKey }),
  });
}
