import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";

/*
 * Whether the signed-in account has no password (it signs in with Google or Microsoft only). The profile does
 * not say; the server's 409 to a password change or a confirmation of identity does. Remembered for the rest
 * of the visit in the query cache, which a logout or another sign-in empties, so that the Security tab and the
 * confirm-identity dialog explain at once what that account can do, rather than asking again for a password
 * it does not have.
 */
const passwordLessQueryOptions = () =>
  queryOptions({
    queryKey: ["account", "is-password-less"],
    // Nothing to ask: known only once a 409 said so.
    queryFn: () => false,
    initialData: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** `[isPasswordLess, rememberPasswordLess]`: the second records a 409 that said the account has no password. */
export function usePasswordLessAccount(): [boolean, () => void] {
  const queryClient = useQueryClient();
  const { data } = useQuery(passwordLessQueryOptions());
  return [data, () => queryClient.setQueryData(passwordLessQueryOptions().queryKey, true)];
}
