import type { StatusResponse } from "@precis/contract/auth";
import type { Occupation } from "@precis/contract/profile";
import { ssoOperations } from "@precis/contract/sso";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { getCurrentLanguage } from "@/i18n";
import { apiRequest } from "@/lib/api-client";

export type SsoRegisterInput = { email: string; idToken: string; role: Occupation };

/** `POST /api/sso/register`: creates the account of a verified Google or Microsoft identity and logs it in. */
export function ssoRegister({ email, idToken, role }: SsoRegisterInput): Promise<StatusResponse> {
  const operation = ssoOperations.registerWithSso;
  return apiRequest(operation, {
    headers: { Authorization: basicAuthorization(email, idToken) },
    body: { email, role, language: getCurrentLanguage() },
    schema: operation.schemas.response[200],
  });
}

export function useSsoRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ssoRegister,
    onSuccess: () => refreshSessionQueries(queryClient),
  });
}
