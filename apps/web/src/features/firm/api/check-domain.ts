import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { useFirmChange } from "./firm-query-key";

/** `POST /api/firm/domains/{domain}/check` (owners and admins): the domain's TXT record looked up now. */
export function checkDomain(domain: string) {
  return apiRequestChecked(firmOperations.checkFirmDomain, { parameters: { domain } });
}

export function useCheckDomain() {
  return useFirmChange(checkDomain, { refreshOn: "settled" });
}
