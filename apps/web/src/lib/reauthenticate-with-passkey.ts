import { useMutation } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";
import { reauthenticate } from "@/lib/reauthenticate";
import { getPasskeyAssertion } from "@/lib/webauthn";

/**
 * `POST /api/reauthenticate/passkey-options`: a challenge only the signed-in account's passkeys can answer, as
 * WebAuthn's JSON.
 */
export function getReauthenticationPasskeyOptions() {
  return apiRequestTo(authContract, "getReauthenticationPasskeyOptions");
}

/** Confirms who is at the keyboard with one of the account's passkeys: the options, the browser's prompt, the answer. */
export async function reauthenticateWithPasskey() {
  const options = await getReauthenticationPasskeyOptions();
  const passkey = await getPasskeyAssertion(options);
  return reauthenticate({ passkey });
}

export function useReauthenticateWithPasskey() {
  return useMutation({ mutationFn: reauthenticateWithPasskey });
}
