import type { UndoEmailChangeResponse } from "@precis/contract/verification";
import { useMutation } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { verificationContract } from "@/lib/contract-operations";
import { useSessionActions } from "@/lib/session-actions";

/**
 * `POST /api/email-change/undo` with the token of the link mailed to the old address (no session needed): the
 * account gets that address back, every session ends and the password is voided. Resolves to the address.
 */
export function undoEmailChange(token: string): Promise<UndoEmailChangeResponse> {
  return apiRequestTo(verificationContract, "undoEmailChange", { body: { token } });
}

export function useUndoEmailChange() {
  const { refreshProfile } = useSessionActions();
  return useMutation({
    mutationFn: undoEmailChange,
    // Every session of the account ended, this browser's too if it was one of them: the profile says so. A
    // session of another account in this browser is not the link's business, and stays.
    onSuccess: refreshProfile,
  });
}
