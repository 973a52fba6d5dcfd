import { apiQueryOptions } from "@/lib/api-query-options";
import {
  type ConfirmIdentityThen,
  invalidating,
  type RefreshingMutationOptions,
  useRefreshingMutation,
} from "@/lib/use-refreshing-mutation";

/**
 * Every firm query's key starts here: a change to the firm refreshes all of them at once. Each is asked again
 * whenever its panel shows (staleTime 0), since other people change the firm too: its admins, its invitees.
 */
export const FIRM_QUERY_KEY = ["firm"] as const;

/** The confirm-identity step-up of components/confirm-identity.tsx, as the mutations receive it. */
export type { ConfirmIdentityThen };

/** A firm query's options: its key under FIRM_QUERY_KEY, stale at once (see above). */
export const firmQueryOptionsFor = <TData>(key: string[], fetch: (signal: AbortSignal) => Promise<TData>) =>
  apiQueryOptions([...FIRM_QUERY_KEY, ...key], fetch, { staleTime: 0 });

/** A change to the firm: behind the step-up where the server asks for a recent sign-in, then every firm query again. */
export function useFirmChange<TData, TVariables = void>(
  change: (variables: TVariables) => Promise<TData>,
  options: Omit<RefreshingMutationOptions, "refresh">,
) {
  return useRefreshingMutation(change, { ...options, refresh: invalidating(FIRM_QUERY_KEY) });
}
