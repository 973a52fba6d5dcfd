import { operations } from "@precis/contract/operations";
import { apiRequestCheckedBy } from "@/lib/api-client";

/** `POST /api/login/passkey/options`: a challenge any passkey registered with Precis can answer, as WebAuthn's JSON. */
export function getPasskeyLoginOptions() {
  return apiRequestCheckedBy(
    () =>
      import("@precis/contract/auth-operations").then(
        ({ authOperations }) => authOperations.getPasskeyLoginOptions.schemas.response[200],
      ),
    operations.getPasskeyLoginOptions,
    {},
  );
}
