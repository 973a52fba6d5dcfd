import type { StatusResponse } from "@precis/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { apiRequestCheckedBy } from "@/lib/api-client";

export type LoginInput = { email: string; password: string };

/** `POST /api/login` with HTTP Basic credentials; the api-client stores the returned access key. */
export function login({ email, password }: LoginInput): Promise<StatusResponse> {
  // The response schema loads with the request: /login's first load does without zod.
  return apiRequestCheckedBy(loadStatusResponseSchema, "/login", {
    method: "POST",
    headers: { Authorization: basicAuthorization(email.trim(), password) },
  });
}

export async function loadStatusResponseSchema() {
  return (await import("@precis/contract/auth")).statusResponseSchema;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Returned, so the mutation stays pending until the profile is in: no flash of "not logged in".
    onSuccess: () => refreshSessionQueries(queryClient),
  });
}
