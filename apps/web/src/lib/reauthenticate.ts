import { operations } from "@precis/contract/operations";
import type { ReauthenticateRequest } from "@precis/contract/sessions";
import { useMutation } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";

/*
 * `POST /api/reauthenticate`, in the shared layer: components/confirm-identity.tsx asks for the password, a
 * code or a passkey before any sensitive action of any feature (the data export, the account's deletion, the
 * second factors).
 */

/** Confirms who is at the keyboard: sensitive actions then work for 15 minutes. */
export function reauthenticate(request: ReauthenticateRequest) {
  return apiRequestCheckedBy(
    () =>
      import("@precis/contract/auth-operations").then(
        ({ authOperations }) => authOperations.reauthenticate.schemas.response[200],
      ),
    operations.reauthenticate,
    { body: request },
  );
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
