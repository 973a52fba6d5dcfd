import { firmOperations } from "@precis/contract/firms";
import { useQuery } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { apiQueryOptions } from "@/lib/api-query-options";

/** `GET /api/firm/usage/mine`: the caller's own memos by client matter this UTC month (the server's default). */
export function getMyFirmUsage(signal?: AbortSignal) {
  return apiRequestChecked(firmOperations.getMyFirmUsage, { signal });
}

export const myFirmUsageQueryOptions = () =>
  // Each memo the extension makes changes it: asked again whenever the page shows.
  apiQueryOptions(["firm", "usage", "mine"], getMyFirmUsage, { staleTime: 0 });

/** Asked only for a member of a firm: nobody else has counts by matter. */
export function useMyFirmUsage(options: { enabled: boolean }) {
  return useQuery({ ...myFirmUsageQueryOptions(), enabled: options.enabled });
}
