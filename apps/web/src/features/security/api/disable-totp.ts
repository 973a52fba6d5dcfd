import type { DisableTotpRequest } from "@precis/contract/mfa";
import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";
import { refreshAfterSecondFactorChange } from "@/lib/get-mfa-status";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** `POST /api/mfa/totp/disable`: the password, or a code (the app's or a recovery code), turns the app off. */
export function disableTotp(request: DisableTotpRequest) {
  return apiRequestTo(mfaContract, "disableTotp", { body: request });
}

export function useDisableTotp() {
  // The password or the code it carries is the confirmation: no recent sign-in is asked for.
  return useRefreshingMutation(disableTotp, { refresh: refreshAfterSecondFactorChange, refreshOn: "settled" });
}
