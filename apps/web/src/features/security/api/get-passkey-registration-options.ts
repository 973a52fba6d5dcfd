import { operations } from "@precis/contract/operations";
import { apiRequestCheckedBy } from "@/lib/api-client";

/**
 * `POST /api/passkeys/registration-options` (a recent sign-in needed): WebAuthn's creation options for this
 * account, its existing passkeys excluded so one authenticator does not hold two.
 */
export function getPasskeyRegistrationOptions() {
  return apiRequestCheckedBy(
    () =>
      import("@precis/contract/mfa").then(
        ({ mfaOperations }) => mfaOperations.getPasskeyRegistrationOptions.schemas.response[200],
      ),
    operations.getPasskeyRegistrationOptions,
    {},
  );
}
