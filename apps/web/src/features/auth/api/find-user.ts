import type { StatusResponse } from "@precis/contract/auth";
import { operations } from "@precis/contract/operations";
import { useMutation } from "@tanstack/react-query";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { apiRequestCheckedBy } from "@/lib/api-client";

/** `POST /api/login/find-user`: emails a security code (HTTP Basic: the email and an empty password). */
export function findUser(email: string): Promise<StatusResponse> {
  // The schema loads with the request, as the login's does (login.ts).
  return apiRequestCheckedBy(
    () =>
      import("@precis/contract/auth-operations").then(
        ({ authOperations }) => authOperations.findUser.schemas.response[200],
      ),
    operations.findUser,
    { headers: { Authorization: basicAuthorization(email.trim(), "") } },
  );
}

export function useFindUser() {
  return useMutation({ mutationFn: findUser });
}
