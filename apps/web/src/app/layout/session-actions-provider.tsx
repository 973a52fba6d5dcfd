import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo } from "react";
import { useLogout } from "@/features/auth/api/logout";
import { clearAccessKey } from "@/lib/api-client";
import { LOGGED_OUT, userDetailsQueryOptions } from "@/lib/get-user-details";
import { type SessionActions, SessionActionsContext } from "@/lib/session-actions";

/** Fills lib/session-actions.ts from the auth feature; inside the router, which the logout's navigation needs. */
export function SessionActionsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { mutate: logOut, isPending: isLoggingOut } = useLogout();

  // What useLogout does once the server has answered, without the request or the trip to the login page.
  const forgetSession = useCallback(() => {
    clearAccessKey();
    const userDetailsKey = userDetailsQueryOptions().queryKey;
    queryClient.setQueryData(userDetailsKey, LOGGED_OUT);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userDetailsKey[0] });
  }, [queryClient]);

  const refreshProfile = useCallback(
    () => queryClient.invalidateQueries({ queryKey: userDetailsQueryOptions().queryKey }),
    [queryClient],
  );

  const actions = useMemo<SessionActions>(
    () => ({ logOut: () => logOut(), isLoggingOut, forgetSession, refreshProfile }),
    [logOut, isLoggingOut, forgetSession, refreshProfile],
  );
  return <SessionActionsContext value={actions}>{children}</SessionActionsContext>;
}
