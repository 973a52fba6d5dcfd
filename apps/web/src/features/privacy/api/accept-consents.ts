import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { privacyContract } from "@/lib/contract-operations";
import { useSessionActions } from "@/lib/session-actions";
import { consentsQueryOptions } from "./get-consents";

/**
 * `POST /api/consents`: accepts the versions of the Terms of Service and the Privacy Policy this app shows
 * (the contract's, which the /terms and /privacy pages print).
 */
export async function acceptConsents() {
  const { LEGAL_DOCUMENTS } = await import("@precis/contract/legal");
  return apiRequestTo(privacyContract, "acceptConsents", {
    body: { terms: LEGAL_DOCUMENTS.terms.version, privacy: LEGAL_DOCUMENTS.privacy.version },
  });
}

export function useAcceptConsents() {
  const queryClient = useQueryClient();
  const { refreshProfile } = useSessionActions();
  return useMutation({
    mutationFn: acceptConsents,
    // The profile stops asking (`mustAcceptTerms` goes), and the Privacy tab lists the new acceptance.
    onSuccess: () =>
      Promise.all([refreshProfile(), queryClient.invalidateQueries({ queryKey: consentsQueryOptions().queryKey })]),
  });
}
