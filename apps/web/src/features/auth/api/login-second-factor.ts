import type { SecondFactorRequest } from "@precis/contract/mfa";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { apiRequestTo } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/**
 * `POST /api/login/second-factor`: the first step's token and the authenticator app's code (or a recovery
 * code). Answers as a login does, session cookie and access key included.
 */
export function logInWithSecondFactor(request: SecondFactorRequest) {
  return apiRequestTo(authContract, "logInSecondFactor", { body: request });
}

export function useLogInWithSecondFactor() {
  // As the login's: pending until the new session's profile is in.
  return useRefreshingMutation(logInWithSecondFactor, { refresh: refreshSessionQueries, refreshOn: "success" });
}
