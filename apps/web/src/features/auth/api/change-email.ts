import type { StatusResponse } from "@precis/contract/auth";
import { ssoOperations } from "@precis/contract/sso";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import type { SsoIdentity } from "@/features/auth/lib/firebase-sign-in";
import { apiRequestChecked } from "@/lib/api-client";
import { userDetailsQueryOptions } from "@/lib/get-user-details";
import { type ConfirmIdentityThen, invalidating, useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** `POST /api/sso/change-email`: moves the logged-in account to the email of a fresh Google or Microsoft sign-in. */
export function changeEmail({ email, idToken }: Pick<SsoIdentity, "email" | "idToken">): Promise<StatusResponse> {
  return apiRequestChecked(ssoOperations.changeEmailWithSso, {
    headers: { Authorization: basicAuthorization(email, idToken) },
  });
}

/**
 * The server asks for a recent proof of identity before the account moves (issue 42): `confirmIdentityThen`,
 * from useConfirmIdentity, asks for it and sends the same fresh Google or Microsoft sign-in again.
 */
export function useChangeEmail({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useRefreshingMutation(changeEmail, {
    // The profile shows the email: fetch it again.
    refresh: invalidating(userDetailsQueryOptions().queryKey),
    refreshOn: "success",
    confirmIdentityThen,
  });
}
