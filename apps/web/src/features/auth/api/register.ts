import type { RegisterRequest, StatusResponse } from "@precis/contract/auth";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { apiRequestTo } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** `POST /api/register`: creates the account and opens its session (cookie and access key). */
export function register(input: RegisterRequest): Promise<StatusResponse> {
  // The schema loads with the request, as the login's does (login.ts).
  return apiRequestTo(authContract, "register", { body: input });
}

export function useRegister() {
  return useRefreshingMutation(register, { refresh: refreshSessionQueries, refreshOn: "success" });
}
