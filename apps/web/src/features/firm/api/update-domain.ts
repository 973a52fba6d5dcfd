import { type DomainJoinMode, firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `PATCH /api/firm/domains/{domain}` (owners and admins, recent sign-in): how people at the domain join. */
export function updateDomain({ domain, joinMode }: { domain: string; joinMode: DomainJoinMode }) {
  return apiRequest(firmOperations.updateFirmDomain, {
    parameters: { domain },
    body: { joinMode },
    schema: firmOperations.updateFirmDomain.schemas.response[200],
  });
}

export function useUpdateDomain({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { domain: string; joinMode: DomainJoinMode }) =>
      confirmIdentityThen(() => updateDomain(change)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
