import { useMutation } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";

/**
 * `POST /api/mfa/unlock` with the token of the link emailed when too many wrong codes in a row locked the second
 * step (decision 042); no session needed: the link is the proof.
 */
export function unlockSecondStep(token: string) {
  return apiRequestTo(mfaContract, "unlockSecondStep", { body: { token } });
}

export function useUnlockSecondStep() {
  return useMutation({ mutationFn: unlockSecondStep });
}
