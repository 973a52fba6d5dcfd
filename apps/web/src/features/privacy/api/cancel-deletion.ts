import { useMutation } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { privacyContract } from "@/lib/contract-operations";
import { useSessionActions } from "@/lib/session-actions";

/**
 * `POST /api/account/delete/cancel`: with the emailed link's token (no session needed), or for the signed-in
 * account without one. A 404: there is no deletion to cancel (cancelled already, or the link is not valid).
 */
export function cancelDeletion(token?: string) {
  return apiRequestTo(privacyContract, "cancelAccountDeletion", { body: token ? { token } : {} });
}

export function useCancelDeletion() {
  const { refreshProfile } = useSessionActions();
  return useMutation({
    mutationFn: cancelDeletion,
    // A signed-in account's profile no longer carries the deletion's day: the banner goes.
    onSuccess: refreshProfile,
  });
}
