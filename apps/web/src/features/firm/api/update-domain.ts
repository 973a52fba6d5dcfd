import { type DomainJoinMode, firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, useFirmChange } from "./firm-query-key";

/** `PATCH /api/firm/domains/{domain}` (owners and admins, recent sign-in): how people at the domain join. */
export function updateDomain({ domain, joinMode }: { domain: string; joinMode: DomainJoinMode }) {
  return apiRequestChecked(firmOperations.updateFirmDomain, { parameters: { domain }, body: { joinMode } });
}

export function useUpdateDomain({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(updateDomain, { refreshOn: "settled", confirmIdentityThen });
}
