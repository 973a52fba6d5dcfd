import { type MutationKey, type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * useConfirmIdentity's wrapper (components/confirm-identity.tsx), as the mutations receive it: runs the call, and
 * after a step-up 403 asks who you are and runs it again.
 */
export type ConfirmIdentityThen = <T>(action: () => Promise<T>) => Promise<T>;

/** Marks stale the queries a change made out of date; the screens that show them ask again. */
export type RefreshQueries = (queryClient: QueryClient) => Promise<unknown>;

/** The common refresh: every query under `queryKey`. */
export const invalidating =
  (queryKey: QueryKey): RefreshQueries =>
  (queryClient) =>
    queryClient.invalidateQueries({ queryKey });

export type RefreshingMutationOptions = {
  refresh: RefreshQueries;
  refreshOn: "success" | "settled";
  confirmIdentityThen?: ConfirmIdentityThen;
  /** For a screen that reads the mutation's state from elsewhere (useMutationState). */
  mutationKey?: MutationKey;
};

/**
 * The shape most of the app's changes share: one call, behind the confirm-identity step-up when the server wants a
 * recent sign-in, then the queries it touched refreshed. `refreshOn: "success"` refreshes after a success only;
 * `"settled"` after any answer, where a refusal too says the screen is out of date (a 404: removed meanwhile). The
 * refresh is returned, so the mutation stays pending until the fresh answers are in.
 */
export function useRefreshingMutation<TData, TVariables = void>(
  call: (variables: TVariables) => Promise<TData>,
  { refresh, refreshOn, confirmIdentityThen, mutationKey }: RefreshingMutationOptions,
) {
  const queryClient = useQueryClient();
  const refreshQueries = () => refresh(queryClient);
  return useMutation({
    mutationKey,
    mutationFn: (variables: TVariables) =>
      confirmIdentityThen ? confirmIdentityThen(() => call(variables)) : call(variables),
    onSuccess: refreshOn === "success" ? refreshQueries : undefined,
    onSettled: refreshOn === "settled" ? refreshQueries : undefined,
  });
}
