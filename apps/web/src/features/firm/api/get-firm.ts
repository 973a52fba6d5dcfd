import { firmOperations } from "@precis/contract/firms";
import { useQuery } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { firmQueryOptionsFor } from "./firm-query-key";

/** `GET /api/firm`: the caller's firm and role, or `firm: null` with the firm their domain suggests, if any. */
export function getFirm(signal?: AbortSignal) {
  return apiRequestChecked(firmOperations.getFirm, { signal });
}

export const firmQueryOptions = () => firmQueryOptionsFor(["own"], getFirm);

export function useFirm() {
  return useQuery(firmQueryOptions());
}
