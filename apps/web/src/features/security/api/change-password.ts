import type { ChangePasswordRequest } from "@precis/contract/sessions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";
import { sessionsQueryOptions } from "./get-sessions";

/** `POST /api/change-password`: the current password proves the change is the owner's. */
export function changePassword(request: ChangePasswordRequest) {
  return apiRequestCheckedBy(
    () => import("@precis/contract/auth").then(({ statusResponseSchema }) => statusResponseSchema),
    "/change-password",
    { method: "POST", body: request },
  );
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Every other session ended with the change: the list beside the form says so.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
