import type { StatusResponse } from "@precis/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { apiRequestTo } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";

/** `POST /api/login/find-user`: emails a security code (HTTP Basic: the email and an empty password). */
export function findUser(email: string): Promise<StatusResponse> {
  // The schema loads with the request, as the login's does (login.ts).
  return apiRequestTo(authContract, "findUser", { headers: { Authorization: basicAuthorization(email.trim(), "") } });
}

export function useFindUser() {
  return useMutation({ mutationFn: findUser });
}
