import type { DocsFeedbackRequest } from "@precis/contract/docs";
import { operations } from "@precis/contract/operations";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export async function sendDocsFeedback(feedback: DocsFeedbackRequest) {
  // Loaded on submit: the schema brings zod, which the documentation's first load does without.
  const { docsOperations } = await import("@precis/contract/docs");
  const schema = docsOperations.sendDocsFeedback.schemas.response[201];
  return apiRequest(operations.sendDocsFeedback, { body: feedback, schema });
}

export function useSendDocsFeedback() {
  return useMutation({ mutationFn: sendDocsFeedback });
}
