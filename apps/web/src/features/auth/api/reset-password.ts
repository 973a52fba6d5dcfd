import type { StatusResponse } from "@precis/contract/auth";
import { operations } from "@precis/contract/operations";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { ApiRequestError, apiRequest } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";
import { userDetailsQueryOptions } from "@/lib/get-user-details";
import { invalidating, useRefreshingMutation } from "@/lib/use-refreshing-mutation";

export type ResetPasswordInput = { email: string; password: string; securityCode: string };

/** A 200 whose `Status` is not SPEC's "Success" (`Status: "Failure"`): the server said no, whatever its status. */
const isUnsuccessfulStatus = (body: unknown) =>
  typeof body === "object" && body !== null && "Status" in body && body.Status !== "Success";

/**
 * `POST /api/login/reset-password`: the code in the body, the email and new password as HTTP Basic. An answer
 * with an unsuccessful Status is thrown as the refusal it is (product §8: "User not found", issue 58), not as a
 * body that broke its schema ("Password Reset failed").
 */
export async function resetPassword({ email, password, securityCode }: ResetPasswordInput): Promise<StatusResponse> {
  // The schema loads with the request, as the login's does (login.ts).
  const [contract, body] = await Promise.all([
    authContract(),
    apiRequest(operations.resetPassword, {
      headers: { Authorization: basicAuthorization(email.trim(), password) },
      body: { secret_code: securityCode.trim() },
    }),
  ]);
  if (isUnsuccessfulStatus(body)) throw new ApiRequestError(200, body, operations.resetPassword.path);
  return contract.resetPassword.schemas.response[200].parse(body);
}

export function useResetPassword() {
  return useRefreshingMutation(resetPassword, {
    // The server ends every session of the account, this browser's included if it had one.
    refresh: invalidating(userDetailsQueryOptions().queryKey),
    refreshOn: "success",
  });
}
