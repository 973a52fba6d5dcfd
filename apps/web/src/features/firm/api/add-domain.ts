import { type DomainJoinMode, firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `POST /api/firm/domains` (owners and admins, recent sign-in): the domain of the caller's own verified address. */
export function addDomain(request: { domain: string; joinMode: DomainJoinMode }) {
  return apiRequest(firmOperations.addFirmDomain, {
    body: request,
    schema: firmOperations.addFirmDomain.schemas.response[200],
  });
}

export function useAddDomain({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { domain: string; joinMode: DomainJoinMode }) =>
      confirmIdentityThen(() => addDomain(request)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
