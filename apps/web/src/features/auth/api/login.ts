import type { StatusResponse } from "@precis/contract/auth";
import type { SecondFactorRequired } from "@precis/contract/mfa";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { apiRequestCheckedBy } from "@/lib/api-client";

export type LoginInput = { email: string; password: string };

/**
 * `POST /api/login` with HTTP Basic credentials; the api-client stores the returned access key. An account with
 * the authenticator app turned on gets no session yet: `SecondFactorRequired` and a token for the second step
 * (api/login-second-factor.ts).
 */
export function login({ email, password }: LoginInput): Promise<StatusResponse | SecondFactorRequired> {
  // The response schema loads with the request: /login's first load does without zod.
  return apiRequestCheckedBy(loadLoginResponseSchema, operations.logIn, {
    headers: { Authorization: basicAuthorization(email.trim(), password) },
  });
}

async function loadLoginResponseSchema() {
  // From the contract, not composed here: a dynamic import of zod/mini itself would bundle the whole namespace
  // (every locale, the JSON-schema code) into a chunk of the first screens.
  return (await import("@precis/contract/auth-operations")).authOperations.logIn.schemas.response[200];
}

export const isSecondFactorRequired = (
  response: StatusResponse | SecondFactorRequired,
): response is SecondFactorRequired => response.Status === "SecondFactorRequired";

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Returned, so the mutation stays pending until the profile is in: no flash of "not logged in". A first step
    // that asks for a second opened no session: nothing to refresh yet.
    onSuccess: (response) => (isSecondFactorRequired(response) ? undefined : refreshSessionQueries(queryClient)),
  });
}
