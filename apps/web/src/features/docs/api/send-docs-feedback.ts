import { type DocsFeedbackRequest, docsFeedbackResponseSchema } from "@precis/contract/docs";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function sendDocsFeedback(feedback: DocsFeedbackRequest) {
  return apiRequest("/docs-feedback", { method: "POST", body: feedback, schema: docsFeedbackResponseSchema });
}

export function useSendDocsFeedback() {
  return useMutation({ mutationFn: sendDocsFeedback });
}
