import { type UserDetailsResponse, userDetailsResponseSchema } from "@precis/contract/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, isApiRequestError } from "@/lib/api-client";

const LOGGED_OUT: UserDetailsResponse = { userProfile: null };

export async function getUserDetails({ signal }: { signal?: AbortSignal } = {}): Promise<UserDetailsResponse> {
  try {
    return await apiRequest("/user-details", { signal, schema: userDetailsResponseSchema });
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
