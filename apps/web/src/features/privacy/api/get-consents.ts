import { operations } from "@precis/contract/operations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";

/** `GET /api/consents`: the versions in force, the ones the account accepted and when. */
export function getConsents(signal?: AbortSignal) {
  return apiRequestCheckedBy(
    () =>
      import("@precis/contract/privacy").then(
        ({ privacyOperations }) => privacyOperations.getConsents.schemas.response[200],
      ),
    operations.getConsents,
    { signal },
  );
}

export const consentsQueryOptions = () =>
  queryOptions({ queryKey: ["consents"], queryFn: ({ signal }) => getConsents(signal) });

export function useConsents() {
  return useQuery(consentsQueryOptions());
}
