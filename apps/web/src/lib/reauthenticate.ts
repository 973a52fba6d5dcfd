import type { ReauthenticateRequest } from "@precis/contract/sessions";
import { useMutation } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";

/*
 * `POST /api/reauthenticate`, in the shared layer: components/confirm-identity.tsx asks for the password, a
 * code or a passkey before any sensitive action of any feature (the data export, the account's deletion, the
 * second factors).
 */

/** Confirms who is at the keyboard: sensitive actions then work for 15 minutes. */
export function reauthenticate(request: ReauthenticateRequest) {
  return apiRequestTo(authContract, "reauthenticate", { body: request });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
