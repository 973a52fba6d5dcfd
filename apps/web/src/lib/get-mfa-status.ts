import { type QueryClient, useQuery } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { apiQueryOptions } from "@/lib/api-query-options";
import { mfaContract } from "@/lib/contract-operations";
import { entitlementQueryOptions } from "@/lib/entitlement";

/*
 * `GET /api/mfa`, in the shared layer: the Security tab draws the account's factors from it, and the
 * confirm-identity dialog (components/confirm-identity.tsx) offers what the account has (its password, its
 * authenticator app, its passkeys) from the same answer.
 */

/** How the account proves who it is: whether it has a password, its authenticator app, its passkeys. */
export function getMfaStatus(signal?: AbortSignal) {
  return apiRequestTo(mfaContract, "getMfaStatus", { signal });
}

// Changed from another device (a passkey added, the app turned off): asked again whenever a screen needs it.
export const mfaStatusQueryOptions = () => apiQueryOptions(["mfa"], getMfaStatus, { staleTime: 0 });

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}

/**
 * After a second factor is added or removed: the factors, and the access, which a firm that requires two-step
 * verification grants only with one (issue 44), so Home's notice goes as soon as the person has complied.
 */
export function refreshAfterSecondFactorChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
    // Refetched even while no screen shows it (the person is on Security): otherwise Home, opened next, drew the
    // old answer's notice first and swapped it only once its own refetch came back (seen in CI under load).
    queryClient.invalidateQueries({ queryKey: entitlementQueryOptions().queryKey, refetchType: "all" }),
  ]);
}
