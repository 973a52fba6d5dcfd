import { operations } from "@precis/contract/operations";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, invalidating, useRefreshingMutation } from "@/lib/use-refreshing-mutation";
import { sessionsQueryOptions } from "./get-sessions";

/**
 * `DELETE /api/sessions/{id}`: that browser or extension must log in again. A 404: it had ended already. Another
 * session than this one needs a sign-in or a confirmation within 15 minutes (the caller's confirm-identity
 * wrapper asks for it), as signing out every other session does.
 */
export function revokeSession(sessionId: number) {
  return apiRequest(operations.revokeSession, { parameters: { id: String(sessionId) } });
}

export function useRevokeSession({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  // Either way the list on screen is out of date: the session ended now, or before.
  return useRefreshingMutation(revokeSession, {
    refresh: invalidating(sessionsQueryOptions().queryKey),
    refreshOn: "settled",
    confirmIdentityThen,
  });
}
