import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY } from "./firm-query-key";

/**
 * `POST /api/firm/join-by-domain` (recent sign-in): the firm that suggests itself to the caller's verified address
 * (its domain's join mode is `suggest` or `automatic`) takes them in as a member.
 */
export function joinFirmByDomain(firmId: number) {
  return apiRequest(firmOperations.joinFirmByDomain, {
    body: { firmId },
    schema: firmOperations.joinFirmByDomain.schemas.response[200],
  });
}

/** The join's key: /firm reads its answer after the workspace replaced the suggestion (the personal-plan notice). */
export const JOIN_BY_DOMAIN_MUTATION_KEY = [...FIRM_QUERY_KEY, "join-by-domain"] as const;

export function useJoinFirmByDomain({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: JOIN_BY_DOMAIN_MUTATION_KEY,
    mutationFn: (firmId: number) => confirmIdentityThen(() => joinFirmByDomain(firmId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
