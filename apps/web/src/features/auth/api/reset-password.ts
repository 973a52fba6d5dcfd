import type { StatusResponse } from "@precis/contract/auth";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { apiRequestTo } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";
import { userDetailsQueryOptions } from "@/lib/get-user-details";
import { invalidating, useRefreshingMutation } from "@/lib/use-refreshing-mutation";

export type ResetPasswordInput = { email: string; password: string; securityCode: string };

/** `POST /api/login/reset-password`: the code in the body, the email and new password as HTTP Basic. */
export function resetPassword({ email, password, securityCode }: ResetPasswordInput): Promise<StatusResponse> {
  // The schema loads with the request, as the login's does (login.ts).
  return apiRequestTo(authContract, "resetPassword", {
    headers: { Authorization: basicAuthorization(email.trim(), password) },
    body: { secret_code: securityCode.trim() },
  });
}

export function useResetPassword() {
  return useRefreshingMutation(resetPassword, {
    // The server ends every session of the account, this browser's included if it had one.
    refresh: invalidating(userDetailsQueryOptions().queryKey),
    refreshOn: "success",
  });
}
