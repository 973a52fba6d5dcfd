import { refreshSessionQueries } from "@/features/auth/lib/session-cache";
import { apiRequestTo, isApiRequestError } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";
import { getPasskeyAssertion } from "@/lib/webauthn";
import { getPasskeyLoginOptions } from "./get-passkey-login-options";

/** The server does not know the passkey the browser offered (made for another site's account, or removed). */
export class UnknownPasskeyError extends Error {
  override readonly name = "UnknownPasskeyError";
  override readonly cause: unknown;
  constructor(cause: unknown) {
    super("This passkey is not registered");
    this.cause = cause;
  }
}

/**
 * "Sign in with a passkey": the server's options, the browser's prompt (the passkey names the account), then
 * `POST /api/login/passkey`, which answers as a login does. A passkey is two factors already: no second step.
 */
export async function logInWithPasskey() {
  const options = await getPasskeyLoginOptions();
  const response = await getPasskeyAssertion(options);
  try {
    return await apiRequestTo(authContract, "logInWithPasskey", { body: { response } });
  } catch (error) {
    // Both refusals are 401s; the contract words them apart (its module came with the request's schema).
    if (isApiRequestError(error) && error.status === 401) {
      const { mfaMessages } = await import("@precis/contract/mfa");
      if (error.apiError?.message === mfaMessages.unknownPasskey) throw new UnknownPasskeyError(error);
    }
    throw error;
  }
}

export function useLogInWithPasskey() {
  return useRefreshingMutation(logInWithPasskey, { refresh: refreshSessionQueries, refreshOn: "success" });
}
