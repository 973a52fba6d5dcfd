import { DOCS_BASE_PATH, type DocsPageId, docsPageIds, getDocsPageSlug } from "@precis/contract/docs-pages";

// Shared with the server, which preloads the page a URL opens.
export {
  DOCS_BASE_PATH,
  findDocsPageIdBySlug,
  getDocsPageIdForPathname,
  getDocsPageSlug,
  VIDEO_DOCS_PATH,
} from "@precis/contract/docs-pages";

/*
 * product §2 "Documentation": which pages exist, where they live, what they are called, and the
 * order of the side menu. Pure functions of the product's short name, which names one path.
 */

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

/** Previous and Next: the page before and after in reading order, or null at either end. */
export function getAdjacentDocsPageIds(pageId: DocsPageId): { previous: DocsPageId | null; next: DocsPageId | null } {
  // One reading order for every page: the pages outside the menu (PDF Project, Project History, Bulk Question,
  // the extension's PDF analysis) sit in it between Case Chat History and the FAQ, so each Next has its page as
  // Previous. Two orders, the menu's and the whole one, made the FAQ's Previous differ from Bulk Question's Next.
  const order = docsPageIds;
  const index = order.indexOf(pageId);
  return { previous: order[index - 1] ?? null, next: order[index + 1] ?? null };
}
