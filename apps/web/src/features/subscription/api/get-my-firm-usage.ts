import { firmOperations } from "@precis/contract/firms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** `GET /api/firm/usage/mine`: the caller's own memos by client matter this UTC month (the server's default). */
export function getMyFirmUsage(signal?: AbortSignal) {
  return apiRequest(firmOperations.getMyFirmUsage, {
    schema: firmOperations.getMyFirmUsage.schemas.response[200],
    signal,
  });
}

export const myFirmUsageQueryOptions = () =>
  queryOptions({
    queryKey: ["firm", "usage", "mine"],
    queryFn: ({ signal }) => getMyFirmUsage(signal),
    // Each memo the extension makes changes it: asked again whenever the page shows.
    staleTime: 0,
  });

/** Asked only for a member of a firm: nobody else has counts by matter. */
export function useMyFirmUsage(options: { enabled: boolean }) {
  return useQuery({ ...myFirmUsageQueryOptions(), enabled: options.enabled });
}
