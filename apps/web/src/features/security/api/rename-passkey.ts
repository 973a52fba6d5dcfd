import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";
import { mfaStatusQueryOptions } from "@/lib/get-mfa-status";
import { invalidating, useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** `PATCH /api/passkeys/{id}`: a passkey's new name. A 404: it was removed meanwhile. */
export function renamePasskey({ id, name }: { id: number; name: string }) {
  return apiRequestTo(mfaContract, "renamePasskey", { parameters: { id: String(id) }, body: { name } });
}

export function useRenamePasskey() {
  return useRefreshingMutation(renamePasskey, {
    refresh: invalidating(mfaStatusQueryOptions().queryKey),
    refreshOn: "settled",
  });
}
