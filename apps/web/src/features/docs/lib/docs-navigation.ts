import { type DocsPageId, docsPageIds } from "@precis/contract/docs-pages";

/*
 * SPEC §2 "Documentation": which pages exist, where they live, what they are called, and the
 * order of the side menu. Pure functions of the product's short name, which names one path.
 */

export const DOCS_BASE_PATH = "/document";
export const VIDEO_DOCS_PATH = "/video-document";

/**
 * SPEC's titles, in English whatever the language shown: the app state's activeTitle holds one
 * of them, and SPEC maps them to paths. The search optimizer's is built from the short name.
 */
const canonicalTitles: Record<Exclude<DocsPageId, "search-optimizer">, string> = {
  overview: "Overview",
  "install-extension": "Install Extension",
  "case-memo": "Memo",
  "case-chat": "Case Chat",
  "search-history": "Case Chat History",
  "pdf-project": "PDF Project",
  "pdf-history": "Project History",
  "bulk-question": "Bulk Question",
  faq: "Frequently Asked Questions",
};

export type DocsMenuGroupId = "getting-started" | "chrome-extension" | "faq";

/** SPEC's side menu. PDF Project, Project History and Bulk Question have routes but no menu entry. */
export const docsMenuGroups: readonly { id: DocsMenuGroupId; pageIds: readonly DocsPageId[] }[] = [
  { id: "getting-started", pageIds: ["overview", "install-extension"] },
  { id: "chrome-extension", pageIds: ["case-memo", "case-chat", "search-optimizer", "search-history"] },
  { id: "faq", pageIds: ["faq"] },
];

export const docsMenuPageIds: readonly DocsPageId[] = docsMenuGroups.flatMap((group) => group.pageIds);

export function getDocsPageTitle(pageId: DocsPageId, productShortName: string): string {
  return pageId === "search-optimizer" ? `${productShortName} Search` : canonicalTitles[pageId];
}

/** The path segment after /document: none for the overview, `<short name>-search` for the optimizer. */
export function getDocsPageSlug(pageId: DocsPageId, productShortName: string): string {
  if (pageId === "overview") return "";
  if (pageId === "search-optimizer") return `${productShortName.toLowerCase()}-search`;
  return pageId;
}

export function getDocsPagePath(pageId: DocsPageId, productShortName: string): string {
  const slug = getDocsPageSlug(pageId, productShortName);
  return slug ? `${DOCS_BASE_PATH}/${slug}` : DOCS_BASE_PATH;
}

/** SPEC's title → page mapping: any title it does not list means the Overview. */
export function getDocsPageIdForTitle(title: string, productShortName: string): DocsPageId {
  return docsPageIds.find((pageId) => getDocsPageTitle(pageId, productShortName) === title) ?? "overview";
}

/** SPEC's title → path mapping. */
export function getDocsPathForTitle(title: string, productShortName: string): string {
  return getDocsPagePath(getDocsPageIdForTitle(title, productShortName), productShortName);
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

/**
 * Previous and Next follow the menu. The three pages outside the menu sit, in SPEC's route
 * order, between Case Chat History and the FAQ, so from any of them the walk leads back into it.
 */
export function getAdjacentDocsPageIds(pageId: DocsPageId): { previous: DocsPageId | null; next: DocsPageId | null } {
  const order = docsMenuPageIds.includes(pageId) ? docsMenuPageIds : docsPageIds;
  const index = order.indexOf(pageId);
  return { previous: order[index - 1] ?? null, next: order[index + 1] ?? null };
}
