import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";
import { refreshAfterSecondFactorChange } from "@/lib/get-mfa-status";
import { type ConfirmIdentityThen, useRefreshingMutation } from "@/lib/use-refreshing-mutation";
import { createPasskey } from "@/lib/webauthn";
import { getPasskeyRegistrationOptions } from "./get-passkey-registration-options";

/** `POST /api/passkeys` (a recent sign-in needed): the authenticator's answer to the options, under a name. */
export function savePasskey(name: string, response: Awaited<ReturnType<typeof createPasskey>>) {
  return apiRequestTo(mfaContract, "addPasskey", { body: { name, response } });
}

/** Adds a passkey: the server's options, the browser's prompt to make it, then the server keeps it. */
export async function addPasskey(name: string) {
  const options = await getPasskeyRegistrationOptions();
  const response = await createPasskey(options);
  return savePasskey(name, response);
}

export function useAddPasskey({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useRefreshingMutation(addPasskey, {
    refresh: refreshAfterSecondFactorChange,
    refreshOn: "settled",
    confirmIdentityThen,
  });
}
