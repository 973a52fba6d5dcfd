import { firmOperations } from "@precis/contract/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { FIRM_QUERY_KEY } from "./firm-query-key";

/** `POST /api/firms`: a verified account in no firm creates one and becomes its owner. */
export function createFirm(name: string) {
  return apiRequest(firmOperations.createFirm, {
    body: { name },
    schema: firmOperations.createFirm.schemas.response[200],
  });
}

export function useCreateFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
