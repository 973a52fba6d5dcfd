import type { ChangePasswordRequest } from "@precis/contract/sessions";
import { apiRequestTo } from "@/lib/api-client";
import { authContract } from "@/lib/contract-operations";
import { mfaStatusQueryOptions } from "@/lib/get-mfa-status";
import { type ConfirmIdentityThen, useRefreshingMutation } from "@/lib/use-refreshing-mutation";
import { sessionsQueryOptions } from "./get-sessions";

/**
 * `POST /api/change-password`: the current password proves the change is the owner's. An account without one
 * (Google or Microsoft) leaves it out and sets its first password, which needs a recent sign-in.
 */
export function changePassword(request: ChangePasswordRequest) {
  return apiRequestTo(authContract, "changePassword", { body: request });
}

export function useChangePassword({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useRefreshingMutation(changePassword, {
    refresh: (queryClient) =>
      Promise.all([
        // Every other session ended with the change: the list beside the form says so.
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
        // A first password: the account now has one, which the dialogs and this form offer.
        queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
      ]),
    refreshOn: "success",
    confirmIdentityThen,
  });
}
