import type { ResendVerificationRequest } from "@precis/contract/verification";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { verificationContract } from "@/lib/contract-operations";
import { isAlreadyVerified } from "../lib/verification-errors";
import { type ConfirmIdentityThen, refreshVerifiedAccount } from "./verify-email";

/**
 * `POST /api/verify-email/resend` (signed in): `{}` sends a new code to the account's own address, `{ email }`
 * a code to another address the account will move to once it is proven (a school address). Resolves to the
 * address the code went to.
 */
export async function resendVerification(request: ResendVerificationRequest): Promise<string> {
  const answer = await apiRequestTo(verificationContract, "resendVerification", { body: request });
  return answer.email;
}

/**
 * A code to another address moves the account once proven: the server asks for a recent proof of identity
 * first (issue 42). `confirmIdentityThen`, from useConfirmIdentity, asks for it and sends again.
 */
export function useResendVerification({ confirmIdentityThen }: { confirmIdentityThen?: ConfirmIdentityThen } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ResendVerificationRequest) =>
      confirmIdentityThen ? confirmIdentityThen(() => resendVerification(request)) : resendVerification(request),
    // Proven meanwhile (the emailed link, another tab): the profile on screen is out of date.
    onError: (error) => (isAlreadyVerified(error) ? refreshVerifiedAccount(queryClient) : undefined),
  });
}
