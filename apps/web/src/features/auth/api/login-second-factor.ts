import type { SecondFactorRequest } from "@precis/contract/mfa";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { apiRequestCheckedBy } from "@/lib/api-client";

/**
 * `POST /api/login/second-factor`: the first step's token and the authenticator app's code (or a recovery
 * code). Answers as a login does, session cookie and access key included.
 */
export function logInWithSecondFactor(request: SecondFactorRequest) {
  return apiRequestCheckedBy(
    () =>
      import("@precis/contract/auth-operations").then(
        ({ authOperations }) => authOperations.logInSecondFactor.schemas.response[200],
      ),
    operations.logInSecondFactor,
    { body: request },
  );
}

export function useLogInWithSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logInWithSecondFactor,
    // As the login's: pending until the new session's profile is in.
    onSuccess: () => refreshSessionQueries(queryClient),
  });
}
