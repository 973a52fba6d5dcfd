import type { QueryClient } from "@tanstack/react-query";
import { userDetailsQueryOptions } from "@/lib/get-user-details";

/**
 * After a login or a registration the browser holds a new session, possibly another person's:
 * drop every cached answer of the previous one, and wait for the new profile so that the next
 * screen (the logged-in landing, for one) already sees the user as logged in.
 */
export async function refreshSessionQueries(queryClient: QueryClient): Promise<void> {
  const userDetailsKey = userDetailsQueryOptions().queryKey;
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userDetailsKey[0] });
  await queryClient.invalidateQueries({ queryKey: userDetailsKey, refetchType: "all" });
}
