import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { type ConfirmIdentityThen, FIRM_QUERY_KEY, useFirmChange } from "./firm-query-key";

/**
 * `POST /api/firm/join-by-domain` (recent sign-in): the firm that suggests itself to the caller's verified address
 * (its domain's join mode is `suggest` or `automatic`) takes them in as a member.
 */
export function joinFirmByDomain(firmId: number) {
  return apiRequestChecked(firmOperations.joinFirmByDomain, { body: { firmId } });
}

/** The join's key: /firm reads its answer after the workspace replaced the suggestion (the personal-plan notice). */
export const JOIN_BY_DOMAIN_MUTATION_KEY = [...FIRM_QUERY_KEY, "join-by-domain"] as const;

export function useJoinFirmByDomain({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useFirmChange(joinFirmByDomain, {
    refreshOn: "success",
    confirmIdentityThen,
    mutationKey: JOIN_BY_DOMAIN_MUTATION_KEY,
  });
}
