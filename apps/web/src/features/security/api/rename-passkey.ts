import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestTo } from "@/lib/api-client";
import { mfaContract } from "@/lib/contract-operations";
import { mfaStatusQueryOptions } from "@/lib/get-mfa-status";

/** `PATCH /api/passkeys/{id}`: a passkey's new name. A 404: it was removed meanwhile. */
export function renamePasskey({ id, name }: { id: number; name: string }) {
  return apiRequestTo(mfaContract, "renamePasskey", { parameters: { id: String(id) }, body: { name } });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
