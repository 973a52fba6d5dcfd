import { z } from "zod";

/**
 * Every documentation page, in reading order. The ids are stable names, not URLs: the search
 * optimizer's path segment follows the configured short name (`precis-search`), its id does not,
 * so stored feedback keeps meaning the same page whatever the product is called.
 */
export const docsPageIds = [
  "overview",
  "install-extension",
  "case-memo",
  "case-chat",
  "search-optimizer",
  "search-history",
  "pdf-project",
  "pdf-history",
  "bulk-question",
  "faq",
] as const;
export type DocsPageId = (typeof docsPageIds)[number];

export function isDocsPageId(value: string): value is DocsPageId {
  return docsPageIds.some((pageId) => pageId === value);
}

export const docsPageIdSchema = z.enum(docsPageIds, {
  error: `must be one of the documentation pages: ${docsPageIds.join(", ")}`,
});

export const DOCS_FEEDBACK_COMMENT_MAX_LENGTH = 1000;

/** `POST /api/docs-feedback`: "Was this page helpful?", anonymous. */
export const docsFeedbackRequestSchema = z
  .object({
    page: docsPageIdSchema,
    helpful: z.boolean(),
    comment: z
      .string()
      .trim()
      .max(DOCS_FEEDBACK_COMMENT_MAX_LENGTH, `must be at most ${DOCS_FEEDBACK_COMMENT_MAX_LENGTH} characters`)
      // PostgreSQL text cannot hold NUL; refusing it here keeps it a 400 rather than a failed insert.
      .refine((comment) => !comment.includes("\u0000"), "must not contain NUL characters")
      .optional(),
    /**
     * The language the page was read in, so the team can tell a weak translation from a weak page.
     * Spelled out rather than imported from ./auth.ts: the docs pages must not load the account schemas.
     */
    language: z.enum(["en", "fr"]).optional(),
  })
  .strict();
export type DocsFeedbackRequest = z.input<typeof docsFeedbackRequestSchema>;
/** A request body once validated: the comment trimmed. */
export type DocsFeedback = z.output<typeof docsFeedbackRequestSchema>;

export const docsFeedbackResponseSchema = z.object({ received: z.literal(true) });
export type DocsFeedbackResponse = z.infer<typeof docsFeedbackResponseSchema>;
