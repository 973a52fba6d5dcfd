import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";
import { sessionsQueryOptions } from "./get-sessions";

/** `POST /api/sessions/revoke-others`: every session but this one ends. Resolves to how many did. */
export async function revokeOtherSessions(): Promise<number> {
  const { revoked } = await apiRequestCheckedBy(
    () =>
      import("@precis/contract/sessions").then(({ revokedSessionsResponseSchema }) => revokedSessionsResponseSchema),
    "/sessions/revoke-others",
    { method: "POST" },
  );
  return revoked;
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
