/*
 * What each page needs before it can show anything, beyond the entry chunk: the lazy route modules
 * its URL loads (outermost first) and the i18n namespaces it loads beside them, from the route table
 * (route-table.ts).
 *
 * The build writes this list next to Vite's manifest (see build/page-preloads-plugin.ts) and the
 * server turns it into <link rel="modulepreload"> hints in index.html. Without them the browser
 * learns about a page's chunks only once the entry has downloaded and run: one more round trip and
 * the entry's whole start-up before the page's code even starts downloading, on every first visit.
 */
import { type Page, pageModules, routeTable } from "@precis/pages";

/** What every screen needs from the first render (i18n/index.ts loads them before anything renders). */
export const ENTRY_NAMESPACES = ["common", "shell"];

export interface PagePreload {
  /** The page's path pattern in the route table: the server finds it by matching a URL to the table. */
  path: string;
  modules: string[];
  namespaces: string[];
}

export function pagePreloads(pages: readonly Page[] = routeTable): PagePreload[] {
  return pages.map((page) => ({ path: page.path, modules: pageModules(page), namespaces: [...page.namespaces] }));
}
