import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { sessionsQueryOptions } from "./get-sessions";

/** `DELETE /api/sessions/{id}`: that browser or extension must log in again. A 404: it had ended already. */
export function revokeSession(sessionId: number) {
  return apiRequest(operations.revokeSession, { parameters: { id: String(sessionId) } });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    // Either way the list on screen is out of date: the session ended now, or before.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
