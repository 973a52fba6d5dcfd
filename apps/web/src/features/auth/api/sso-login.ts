import type { StatusResponse } from "@precis/contract/auth";
import { operations } from "@precis/contract/operations";
import { basicAuthorization } from "@/features/auth/lib/basic-authorization";
import type { SsoIdentity } from "@/features/auth/lib/firebase-sign-in";
import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { apiRequestCheckedBy } from "@/lib/api-client";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** `POST /api/sso/login` (HTTP Basic: email and ID token); 404 means no account yet. */
export function ssoLogin({ email, idToken }: Pick<SsoIdentity, "email" | "idToken">): Promise<StatusResponse> {
  // The schema loads with the request, as the password login's does (login.ts).
  return apiRequestCheckedBy(loadSsoLoginResponseSchema, operations.logInWithSso, {
    headers: { Authorization: basicAuthorization(email, idToken) },
  });
}

async function loadSsoLoginResponseSchema() {
  return (await import("@precis/contract/sso")).ssoOperations.logInWithSso.schemas.response[200];
}

export function useSsoLogin() {
  return useRefreshingMutation(ssoLogin, { refresh: refreshSessionQueries, refreshOn: "success" });
}
