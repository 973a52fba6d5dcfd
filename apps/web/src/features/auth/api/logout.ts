import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiRequest, clearAccessKey } from "@/lib/api-client";
import { userDetailsQueryOptions } from "@/lib/get-user-details";

export function logout(): Promise<unknown> {
  return apiRequest(operations.logOut);
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    // Also on failure: someone who asks to log out must not keep a usable key on this device.
    onSettled: async () => {
      clearAccessKey();
      const userDetailsKey = userDetailsQueryOptions().queryKey;
      queryClient.setQueryData(userDetailsKey, { userProfile: null });
      // Drop every other cached answer so the next person on this browser sees none of it.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userDetailsKey[0] });
      await navigate("/login");
    },
  });
}
