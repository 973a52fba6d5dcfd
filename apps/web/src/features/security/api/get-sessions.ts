import { useQuery } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { apiQueryOptions } from "@/lib/api-query-options";
import { sessionsContract } from "@/lib/contract-operations";

/** `GET /api/sessions`: every place the account is signed in, this one marked `isCurrent`. */
export function getSessions(signal?: AbortSignal) {
  return apiRequestTo(sessionsContract, "getSessions", { signal });
}

// A list of live sessions goes stale as others sign in: asked again whenever the tab shows.
export const sessionsQueryOptions = () => apiQueryOptions(["sessions"], getSessions, { staleTime: 0 });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
