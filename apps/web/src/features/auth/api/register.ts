import type { RegisterRequest, StatusResponse } from "@precis/contract/auth";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { apiRequestCheckedBy } from "@/lib/api-client";

/** `POST /api/register`: creates the account and opens its session (cookie and access key). */
export function register(input: RegisterRequest): Promise<StatusResponse> {
  // The schema loads with the request, as the login's does (login.ts).
  return apiRequestCheckedBy(
    () =>
      import("@precis/contract/auth-operations").then(
        ({ authOperations }) => authOperations.register.schemas.response[200],
      ),
    operations.register,
    { body: input },
  );
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => refreshSessionQueries(queryClient),
  });
}
