import { operations } from "@precis/contract/operations";
import type { UserDetailsResponse } from "@precis/contract/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, isApiRequestError } from "@/lib/api-client";

export const LOGGED_OUT: UserDetailsResponse = { userProfile: null };

/**
 * Every page asks this at start-up, so it is not parsed with zod (10 kB gzip in the first load):
 * the server's serializer already checks the response against userDetailsResponseSchema.
 */
export async function getUserDetails({ signal }: { signal?: AbortSignal } = {}): Promise<UserDetailsResponse> {
  try {
    return (await apiRequest(operations.getUserDetails, { signal })) as UserDetailsResponse;
  } catch (error) {
    // An expired or revoked key is "not logged in", not a broken page.
    if (isApiRequestError(error) && error.status === 401) return LOGGED_OUT;
    throw error;
  }
}

export function userDetailsQueryOptions() {
  return queryOptions({
    queryKey: ["user-details"],
    queryFn: ({ signal }) => getUserDetails({ signal }),
  });
}

export function useUserDetails() {
  return useQuery(userDetailsQueryOptions());
}
