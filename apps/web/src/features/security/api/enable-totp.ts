import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";
import { refreshAfterSecondFactorChange } from "@/lib/get-mfa-status";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** `POST /api/mfa/totp/enable`: a code from the app proves it holds the secret. Resolves to the ten recovery codes. */
export async function enableTotp(code: string): Promise<string[]> {
  const { recoveryCodes } = await apiRequestTo(mfaContract, "enableTotp", { body: { code } });
  return recoveryCodes;
}

export function useEnableTotp() {
  return useRefreshingMutation(enableTotp, { refresh: refreshAfterSecondFactorChange, refreshOn: "settled" });
}
