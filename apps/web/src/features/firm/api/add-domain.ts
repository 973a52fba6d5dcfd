import { type DomainJoinMode, firmDomainSchema } from "@precis/contract/firms";
import { operations } from "@precis/contract/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/** `POST /api/firm/domains` (owners and admins, recent sign-in): the domain of the caller's own verified address. */
export function addDomain(request: { domain: string; joinMode: DomainJoinMode }) {
  return apiRequest(operations.addFirmDomain, { body: request, schema: firmDomainSchema });
}

export function useAddDomain({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { domain: string; joinMode: DomainJoinMode }) =>
      confirmIdentityThen(() => addDomain(request)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
