import { type DomainJoinMode, firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/** `POST /api/firm/domains` (owners and admins, recent sign-in): the domain of the caller's own verified address. */
export function addDomain(request: { domain: string; joinMode: DomainJoinMode }) {
  return apiRequestChecked(firmOperations.addFirmDomain, { body: request });
}

export function useAddDomain({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(addDomain, { refreshOn: "settled", confirmIdentityThen });
}
