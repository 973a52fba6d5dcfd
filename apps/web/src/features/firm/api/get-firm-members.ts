import { firmOperations } from "@precis/contract/firms";
import { useQuery } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { firmQueryOptionsFor } from "./firm-query-key";

/** `GET /api/firm/members` (owners and admins): who is in the firm, with their role. */
export function getFirmMembers(signal?: AbortSignal) {
  return apiRequestChecked(firmOperations.getFirmMembers, { signal });
}

export const firmMembersQueryOptions = () => firmQueryOptionsFor(["members"], getFirmMembers);

export function useFirmMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...firmMembersQueryOptions(), enabled });
}
