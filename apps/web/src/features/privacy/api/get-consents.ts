import { useQuery } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { apiQueryOptions } from "@/lib/api-query-options";
import { privacyContract } from "@/lib/contract-operations";

/** `GET /api/consents`: the versions in force, the ones the account accepted and when. */
export function getConsents(signal?: AbortSignal) {
  return apiRequestTo(privacyContract, "getConsents", { signal });
}

export const consentsQueryOptions = () => apiQueryOptions(["consents"], getConsents);

export function useConsents() {
  return useQuery(consentsQueryOptions());
}
