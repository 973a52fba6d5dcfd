import { apiRequestTo } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";

/** `POST /api/login/passkey/options`: a challenge any passkey registered with Precis can answer, as WebAuthn's JSON. */
export function getPasskeyLoginOptions() {
  return apiRequestTo(authContract, "getPasskeyLoginOptions");
}
