import { type StatusResponse, statusResponseSchema } from "@precis/contract/auth";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import type { SsoIdentity } from "@/features/auth/lib/firebase-sign-in";
import { apiRequest } from "@/lib/api-client";
import { userDetailsQueryOptions } from "@/lib/get-user-details";

/** `POST /api/sso/change-email`: moves the logged-in account to the email of a fresh Google or Microsoft sign-in. */
export function changeEmail({ email, idToken }: Pick<SsoIdentity, "email" | "idToken">): Promise<StatusResponse> {
  return apiRequest(operations.changeEmailWithSso, {
    headers: { Authorization: basicAuthorization(email, idToken) },
    schema: statusResponseSchema,
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
