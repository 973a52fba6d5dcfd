import { operations } from "@precis/contract/operations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";

/** `GET /api/sessions`: every place the account is signed in, this one marked `isCurrent`. */
export function getSessions(signal?: AbortSignal) {
  return apiRequestCheckedBy(
    () =>
      import("@precis/contract/sessions").then(
        ({ sessionsOperations }) => sessionsOperations.getSessions.schemas.response[200],
      ),
    operations.getSessions,
    { signal },
  );
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ["sessions"],
    queryFn: ({ signal }) => getSessions(signal),
    // A list of live sessions goes stale as others sign in: asked again whenever the tab shows.
    staleTime: 0,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
