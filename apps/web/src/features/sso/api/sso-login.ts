import { type StatusResponse, statusResponseSchema } from "@precis/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import type { SsoIdentity } from "@/features/sso/lib/firebase-sign-in";
import { apiRequest } from "@/lib/api-client";

/** `POST /api/sso/login` (HTTP Basic: email and ID token); 404 means no account yet. */
export function ssoLogin({ email, idToken }: Pick<SsoIdentity, "email" | "idToken">): Promise<StatusResponse> {
  return apiRequest("/sso/login", {
    method: "POST",
    headers: { Authorization: basicAuthorization(email, idToken) },
    schema: statusResponseSchema,
  });
}

export function useSsoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ssoLogin,
    onSuccess: () => refreshSessionQueries(queryClient),
  });
}
