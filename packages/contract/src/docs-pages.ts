// No zod here: the documentation pages load these at first paint (see boot.ts for why).

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

export const DOCS_FEEDBACK_COMMENT_MAX_LENGTH = 1000;
