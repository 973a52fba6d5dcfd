import { apiRequestTo } from "@/lib/api-client";
import { sessionsContract } from "@/lib/contract-operations";
import { type ConfirmIdentityThen, invalidating, useRefreshingMutation } from "@/lib/use-refreshing-mutation";
import { sessionsQueryOptions } from "./get-sessions";

/**
 * `POST /api/sessions/revoke-others`: every session but this one ends. Resolves to how many did. Needs a sign-in
 * or a confirmation within 15 minutes (the caller's confirm-identity wrapper asks for it).
 */
export async function revokeOtherSessions(): Promise<number> {
  const { revoked } = await apiRequestTo(sessionsContract, "revokeOtherSessions");
  return revoked;
}

export function useRevokeOtherSessions({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useRefreshingMutation(revokeOtherSessions, {
    refresh: invalidating(sessionsQueryOptions().queryKey),
    refreshOn: "settled",
    confirmIdentityThen,
  });
}
