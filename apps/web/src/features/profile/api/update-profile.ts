import { profileOperations, type UpdateProfileRequest } from "@precis/contract/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { entitlementQueryOptions } from "@/lib/entitlement";
import { userDetailsQueryOptions } from "@/lib/get-user-details";

// The profile lives under one query for the whole app (ADR 006): the shell's avatar and this page
// read the same answer, so a saved name shows in the navbar at once.

export function updateProfile(changes: UpdateProfileRequest) {
  return apiRequestChecked(profileOperations.updateUserDetails, { body: changes });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(userDetailsQueryOptions().queryKey, answer);
      // The occupation decides between the trial and the students' free years.
      void queryClient.invalidateQueries({ queryKey: entitlementQueryOptions().queryKey });
    },
  });
}

/** product §4: Cancel refetches the profile; resolves to the fresh one (null once logged out), throws if the load fails. */
export function useRefetchProfile() {
  const queryClient = useQueryClient();
  return async () => {
    const answer = await queryClient.fetchQuery({ ...userDetailsQueryOptions(), staleTime: 0 });
    return answer.userProfile;
  };
}
