import { firmOperations } from "@precis/contract/firms";
import { useQuery } from "@tanstack/react-query";
import { apiRequestChecked } from "@/lib/api-client";
import { apiQueryOptions } from "@/lib/api-query-options";

/**
 * `POST /api/firm/invitations/preview`, signed in or out: the firm, the inviter and the role an invitation's link is
 * for, so the join screen names them before anyone joins. A dead token is a 404 whatever became of it.
 */
export function previewInvitation(token: string, signal?: AbortSignal) {
  return apiRequestChecked(firmOperations.previewFirmInvitation, { body: { token }, signal });
}

/** Kept apart from the firm's own queries: it is about the invitation, not the caller's firm, and it stays put. */
export function useInvitationPreview(token: string, isEnabled: boolean) {
  return useQuery({
    // A dead token stays dead: asking again would only spend the rate limit.
    ...apiQueryOptions(["firm-invitation-preview", token], (signal) => previewInvitation(token, signal), {
      retry: false,
    }),
    enabled: isEnabled,
  });
}
