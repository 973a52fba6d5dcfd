import { operations } from "@precis/contract/operations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";

/*
 * `GET /api/mfa`, in the shared layer: the Security tab draws the account's factors from it, and the
 * confirm-identity dialog (components/confirm-identity.tsx) offers what the account has (its password, its
 * authenticator app, its passkeys) from the same answer.
 */

/** How the account proves who it is: whether it has a password, its authenticator app, its passkeys. */
export function getMfaStatus(signal?: AbortSignal) {
  return apiRequestCheckedBy(
    () => import("@precis/contract/mfa").then(({ mfaOperations }) => mfaOperations.getMfaStatus.schemas.response[200]),
    operations.getMfaStatus,
    { signal },
  );
}

export const mfaStatusQueryOptions = () =>
  queryOptions({
    queryKey: ["mfa"],
    queryFn: ({ signal }) => getMfaStatus(signal),
    // Changed from another device (a passkey added, the app turned off): asked again whenever a screen needs it.
    staleTime: 0,
  });

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}
