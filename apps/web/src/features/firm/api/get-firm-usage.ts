import { firmOperations } from "@precis/contract/firms";
import { type DeclaredOperation, operations, pathTo } from "@precis/contract/operations";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { firmQueryOptionsFor } from "./firm-query-key";

/**
 * The operation with the month in its query: apiRequest and apiDownload take no query string, so it rides on the
 * declared operation's own path (as the activity trail's page does), and no address is written here.
 */
export const usageOfMonth = (month: string) =>
  ({
    ...operations.getFirmUsage,
    path: `${pathTo(operations.getFirmUsage)}?${new URLSearchParams({ month })}`,
  }) as unknown as DeclaredOperation;

/** `GET /api/firm/usage?month=` (owners and admins): memos per member and per matter for the month, with totals. */
export function getFirmUsage(month: string, signal?: AbortSignal) {
  return apiRequest(usageOfMonth(month), { schema: firmOperations.getFirmUsage.schemas.response[200], signal });
}

export const firmUsageQueryOptions = (month: string) =>
  firmQueryOptionsFor(["usage", month], (signal) => getFirmUsage(month, signal));

/** The month's report; while another month loads, the last one stays on screen (marked busy) instead of a blank. */
export function useFirmUsage(month: string) {
  return useQuery({ ...firmUsageQueryOptions(month), placeholderData: keepPreviousData });
}
