import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";

import { DOCS_FEEDBACK_COMMENT_MAX_LENGTH, docsPageIds } from "./docs-pages.ts";
import { operations, withSchemas } from "./operations.ts";
import { multilineTextSchema } from "./text-fields.ts";

export { DOCS_FEEDBACK_COMMENT_MAX_LENGTH, type DocsPageId, docsPageIds, isDocsPageId } from "./docs-pages.ts";

export const docsPageIdSchema = z.enum(docsPageIds, {
  error: `must be one of the documentation pages: ${docsPageIds.join(", ")}`,
});

/** `POST /api/docs-feedback`: "Was this page helpful?", anonymous. */
export const docsFeedbackRequestSchema = z.strictObject({
  page: docsPageIdSchema,
  helpful: z.boolean(),
  comment: z.optional(
    multilineTextSchema(
      DOCS_FEEDBACK_COMMENT_MAX_LENGTH,
      `must be at most ${DOCS_FEEDBACK_COMMENT_MAX_LENGTH} characters`,
    ),
  ),
  /**
   * The language the page was read in, so the team can tell a weak translation from a weak page.
   * Spelled out rather than imported from ./auth.ts: the docs pages must not load the account schemas.
   */
  language: z.optional(z.enum(["en", "fr"])),
});
export type DocsFeedbackRequest = z.input<typeof docsFeedbackRequestSchema>;
/** A request body once validated: the comment trimmed. */
export type DocsFeedback = z.output<typeof docsFeedbackRequestSchema>;

export const docsFeedbackResponseSchema = z.object({ received: z.literal(true) });
export type DocsFeedbackResponse = z.infer<typeof docsFeedbackResponseSchema>;

/** The documentation's operation with its schemas (issue 41): 201 once stored, 429 past the per-address limit. */
export const docsOperations = {
  sendDocsFeedback: withSchemas(operations.sendDocsFeedback, {
    body: docsFeedbackRequestSchema,
    response: { 201: docsFeedbackResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
};
