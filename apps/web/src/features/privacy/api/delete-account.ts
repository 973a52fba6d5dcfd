import { useMutation } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { privacyContract } from "@/lib/contract-operations";
import type { ConfirmIdentityThen } from "@/lib/use-refreshing-mutation";

/**
 * `POST /api/account/delete`: schedules the deletion at the end of the grace period, emails a link that
 * cancels it, and signs every session out, this one too (the server clears its cookie). Needs a sign-in or a
 * confirmed password within 15 minutes. Resolves to the day of the deletion.
 */
export async function deleteAccount(): Promise<string> {
  const { deletionScheduledFor } = await apiRequestTo(privacyContract, "requestAccountDeletion");
  return deletionScheduledFor;
}

export function useDeleteAccount({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  // The session is over on the server: the caller leaves the page, then forgets it (useSessionActions), so the
  // signed-in page never shows "You haven't logged in" on the way out.
  return useMutation({ mutationFn: () => confirmIdentityThen(deleteAccount) });
}
