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

/*
 * Where each page lives. Shared: the web app routes by it, and the server preloads the page a
 * URL opens. Pure functions of the product's short name, which names one path.
 */
export const DOCS_BASE_PATH = "/document";
export const VIDEO_DOCS_PATH = "/video-document";

/** The path segment after /document: none for the overview, `<short name>-search` for the optimizer. */
export function getDocsPageSlug(pageId: DocsPageId, productShortName: string): string {
  if (pageId === "overview") return "";
  if (pageId === "search-optimizer") return `${productShortName.toLowerCase()}-search`;
  return pageId;
}

/** The page a slug names, ignoring case and a trailing slash; null for a slug no page has. */
export function findDocsPageIdBySlug(slug: string, productShortName: string): DocsPageId | null {
  const wanted = slug.replace(/\/+$/, "").toLowerCase();
  return docsPageIds.find((pageId) => getDocsPageSlug(pageId, productShortName) === wanted) ?? null;
}

/** The page a URL shows (/video-document is the overview with its video); null outside the docs or for an unknown page. */
export function getDocsPageIdForPathname(pathname: string, productShortName: string): DocsPageId | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === VIDEO_DOCS_PATH || path === DOCS_BASE_PATH) return "overview";
  if (!path.startsWith(`${DOCS_BASE_PATH}/`)) return null;
  return findDocsPageIdBySlug(path.slice(DOCS_BASE_PATH.length + 1), productShortName);
}

/*
 * The Terms of Service and the Privacy Policy: pages of the same Markdown pipeline, outside /document. Their
 * versions are here, without zod, because those pages (and the footer, on every page) need them at first paint;
 * legal.ts re-exports them beside the consent schemas, and the server records each acceptance with them.
 */

/**
 * The versions of the Terms of Service and the Privacy Policy in force: a date each, changed whenever the text
 * changes in substance. Accounts that accepted an older one are asked once to accept these before going on.
 */
export const LEGAL_DOCUMENTS = {
  terms: { version: "2026-11-25", effectiveDate: "2026-11-25" },
  privacy: { version: "2026-11-28", effectiveDate: "2026-11-28" },
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** Where each document is read; the server prerenders both for visitors without a session, as the documentation. */
export const LEGAL_DOCUMENT_PATHS = { terms: "/terms", privacy: "/privacy" } as const satisfies Record<
  LegalDocument,
  string
>;

/** The accessibility statement: a public page beside them, linked from the footer of every page. */
export const ACCESSIBILITY_STATEMENT_PATH = "/accessibility";
