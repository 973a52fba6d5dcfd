import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";

/**
 * `POST /api/passkeys/registration-options` (a recent sign-in needed): WebAuthn's creation options for this
 * account, its existing passkeys excluded so one authenticator does not hold two.
 */
export function getPasskeyRegistrationOptions() {
  return apiRequestTo(mfaContract, "getPasskeyRegistrationOptions");
}
