import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Language } from "@precis/contract/auth";
import { getDocsPageIdForPathname } from "@precis/contract/docs-pages";
import { createPageMatcher, type Page, routeTable } from "@precis/pages";
import type { StylesheetInliner } from "./inline-stylesheets.ts";

/*
 * Preload hints for the page a URL opens. The web build lists, per page, the chunks, stylesheets
 * and catalogues its first screen needs beyond index.html's own (dist/.vite/page-preloads.json,
 * written by apps/web/src/app/build/page-preloads-plugin.ts). Sent as <link rel="modulepreload">
 * in index.html, they download beside the entry instead of after it has downloaded and run. Which page a
 * URL opens is the page table's answer (@precis/pages, whose matcher is held to react-router's), so the
 * server and the router never disagree on it.
 * A documentation URL also gets the chunk of its page's text, which the docs route would otherwise
 * ask for only once it runs.
 * A prerendered page gets no script hints (decision 033): its HTML is the first screen, and the scripts only
 * make it interactive, so they are found by the entry once the page is painted instead of competing with it.
 */

interface PageFiles {
  /** The page's path pattern in the page table. */
  path: string;
  scripts: string[];
  styles: string[];
  texts: Record<string, string[]>;
}

/**
 * Finds the hints for a request: those of the page the page table sends its URL to, as the router will in the
 * browser. A prerendered page gets its stylesheets inline: its
 * HTML is already there to style.
 */
export type PreloadHints = (pathname: string, language: Language, options?: { isPrerendered?: boolean }) => string;

const NO_HINTS: PreloadHints = () => "";

export function loadPreloadHints(
  webDistDir: string,
  productShortName: string,
  inlineStylesheet: StylesheetInliner,
  table: readonly Page[] = routeTable,
): PreloadHints {
  const file = path.join(webDistDir, ".vite/page-preloads.json");
  // A build from before the hints (or a hand-made dist in tests) simply gets none.
  if (!existsSync(file)) return NO_HINTS;
  const { pages, docsPages = {} } = JSON.parse(readFileSync(file, "utf8")) as {
    pages: PageFiles[];
    docsPages?: Record<string, Record<string, string>>;
  };
  const filesByPath = new Map(pages.map((page) => [page.path, page]));
  const matchPage = createPageMatcher(table);
  // One string per page and language, built once: serving index.html stays a lookup.
  const cache = new Map<string, string>();

  // The page's language is the request's (lib/request-language.ts): the app starts in the language of <html lang>.
  return (pathname, language, { isPrerendered = false } = {}) => {
    const pagePath = matchPage(pathname)?.path;
    const files = pagePath === undefined ? undefined : filesByPath.get(pagePath);
    if (!files) return "";
    const docsPageId = getDocsPageIdForPathname(pathname, productShortName);
    const key = `${files.path} ${language} ${docsPageId} ${isPrerendered}`;
    let hints = cache.get(key);
    if (hints === undefined) {
      const docsPageFile = docsPageId ? docsPages[language]?.[docsPageId] : undefined;
      const styles = files.styles.map((href) =>
        // Without prerendered HTML, "preload", not "stylesheet": the route applies its styles itself,
        // and a stylesheet here would hold back the first paint (index.html's logo) until it downloads.
        isPrerendered
          ? inlineStylesheet(href, `<link rel="stylesheet" crossorigin href="${href}">`)
          : `<link rel="preload" as="style" crossorigin href="${href}">`,
      );
      hints = isPrerendered
        ? styles.join("")
        : renderHints(files, language, docsPageFile ? [docsPageFile] : [], styles);
      cache.set(key, hints);
    }
    return hints;
  };
}

function renderHints(page: PageFiles, language: string, content: string[], styles: string[]) {
  const scripts = [...page.scripts, ...(page.texts[language] ?? []), ...content];
  return [...styles, ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)].join("");
}

/**
 * index.html's head as a prerendered page sends it (decision 033). The HTML is the first paint; the scripts only
 * make it interactive. Lighthouse counts every script requested before the largest paint as holding it back, and
 * Chromium fetches module scripts and their preloads at the priority of render-blocking ones. So the entry's
 * preloads go (the entry imports those chunks itself) and the entry is asked for at low priority.
 */
export function forPrerenderedPage(headStart: string) {
  return headStart
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, "")
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"');
}
