import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { useFirmChange } from "./firm-query-key";

/** `DELETE /api/firm/domains/{domain}` (owners and admins): nobody joins by it any more, and nobody leaves. */
export function removeDomain(domain: string) {
  return apiRequestChecked(firmOperations.removeFirmDomain, { parameters: { domain } });
}

export function useRemoveDomain() {
  return useFirmChange(removeDomain, { refreshOn: "settled" });
}
