import {
  type UpdateProfileRequest,
  type UserDetailsResponse,
  userDetailsResponseSchema,
} from "@precis/contract/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * The profile lives under one query key for the whole app (ADR 006): the shell's avatar and this
 * page read the same answer, so a saved name shows in the navbar at once.
 */
export const USER_DETAILS_QUERY_KEY = ["user-details"] as const;

export function updateProfile(changes: UpdateProfileRequest) {
  return apiRequest("/user-details", { method: "PATCH", body: changes, schema: userDetailsResponseSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData<UserDetailsResponse>(USER_DETAILS_QUERY_KEY, answer);
    },
  });
}

/** SPEC §4: Cancel refetches the profile; resolves to the fresh one (null once logged out), throws if the load fails. */
export function useRefetchProfile() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.refetchQueries({ queryKey: USER_DETAILS_QUERY_KEY, exact: true }, { throwOnError: true });
    return queryClient.getQueryData<UserDetailsResponse>(USER_DETAILS_QUERY_KEY)?.userProfile ?? null;
  };
}
