import type { StatusResponse } from "@precis/contract/auth";
import type { Occupation } from "@precis/contract/profile";
import { ssoOperations } from "@precis/contract/sso";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { getCurrentLanguage } from "@/i18n";
import { apiRequestChecked } from "@/lib/api-client";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";

export type SsoRegisterInput = { email: string; idToken: string; role: Occupation };

/** `POST /api/sso/register`: creates the account of a verified Google or Microsoft identity and logs it in. */
export function ssoRegister({ email, idToken, role }: SsoRegisterInput): Promise<StatusResponse> {
  return apiRequestChecked(ssoOperations.registerWithSso, {
    headers: { Authorization: basicAuthorization(email, idToken) },
    body: { email, role, language: getCurrentLanguage() },
  });
}

export function useSsoRegister() {
  return useRefreshingMutation(ssoRegister, { refresh: refreshSessionQueries, refreshOn: "success" });
}
