import { type StatusResponse, statusResponseSchema } from "@precis/contract/auth";
import { operations } from "@precis/contract/operations";
import { useMutation } from "@tanstack/react-query";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { apiRequest } from "@/lib/api-client";

/** `POST /api/login/find-user`: emails a security code (HTTP Basic: the email and an empty password). */
export function findUser(email: string): Promise<StatusResponse> {
  return apiRequest(operations.findUser, {
    headers: { Authorization: basicAuthorization(email.trim(), "") },
    schema: statusResponseSchema,
  });
}

export function useFindUser() {
  return useMutation({ mutationFn: findUser });
}
