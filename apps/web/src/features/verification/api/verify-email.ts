import type { VerifyEmailRequest, VerifyEmailResponse } from "@precis/contract/verification";
import type { QueryClient } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { verificationContract } from "@/lib/contract-operations";
import { type ConfirmIdentityThen, useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/**
 * `POST /api/verify-email`: `{ code }` checks the signed-in account's newest code; `{ token }` (the emailed
 * link's) needs no session, and opens none. The schema loads with the call: only a submit needs zod.
 */
export function verifyEmail(request: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return apiRequestTo(verificationContract, "verifyEmail", { body: request });
}

/**
 * A proven address changes the profile (`emailVerified`, and the address itself after a move to a school
 * address) and the access (the trial or the student years start), and any answer that carries the address
 * (the pricing session's): every query is marked stale, and those on screen, the profile's and the
 * entitlement's among them, are fetched again, so the banner goes and the pages say the new access.
 */
export function refreshVerifiedAccount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}

/** useConfirmIdentity's wrapper: runs the call, and after a step-up 403 asks who you are and runs it again. */
export type { ConfirmIdentityThen };

/**
 * A code that moves the account to a new address needs a recent proof of identity (issue 42):
 * `confirmIdentityThen` asks for it and sends the code again.
 */
export function useVerifyEmail({ confirmIdentityThen }: { confirmIdentityThen?: ConfirmIdentityThen } = {}) {
  return useRefreshingMutation(verifyEmail, {
    refresh: refreshVerifiedAccount,
    refreshOn: "success",
    confirmIdentityThen,
  });
}
