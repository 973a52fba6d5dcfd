import { type RegisterRequest, type StatusResponse, statusResponseSchema } from "@precis/contract/auth";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { apiRequest } from "@/lib/api-client";

/** `POST /api/register`: creates the account and opens its session (cookie and access key). */
export function register(input: RegisterRequest): Promise<StatusResponse> {
  return apiRequest(operations.register, { body: input, schema: statusResponseSchema });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => refreshSessionQueries(queryClient),
  });
}
