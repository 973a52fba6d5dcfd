import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Language } from "@precis/contract/auth";
import type { ClientConfig } from "@precis/contract/client-config";
import { DOCS_BASE_PATH, docsPageIds, getDocsPageSlug } from "@precis/contract/docs-pages";
import type { RenderedPage, RenderPage } from "@precis/contract/prerender";
import { type Page, prerenderedPaths, routeTable } from "@precis/pages";
import type { FastifyBaseLogger } from "fastify";

/*
 * Prerendered pages (decision 033). The web build's dist-ssr/server-render.js renders a page to HTML; the page
 * table (@precis/pages) says which paths are prerendered: the pages every visitor who is not signed in sees the
 * same, the documentation (with the Terms of Service and the Privacy Policy), login and registration. The
 * browser hydrates them. Forms stay disabled until the app has started (usePrerenderedFormProps), so none is
 * submitted natively. Each page is rendered once per language, on its first request, and kept: the set of
 * pages is fixed, so the memory is bounded.
 */

/** What dist-ssr/server-render.js exports (see apps/web/src/server-render.tsx). */
interface ServerRenderModule {
  renderPage: RenderPage;
}

export interface PrerenderedPage extends RenderedPage {
  language: Language;
}

/**
 * The server-render bundle: loaded once it was imported, failed when the import threw (a broken build; not
 * retried), missing when the build has none. Readiness waits for "loaded" (decision 027).
 */
export type PrerenderState = "loaded" | "failed" | "missing";

export interface Prerender {
  /** Imports the bundle unless that was done already, and says how it went. */
  load(): Promise<PrerenderState>;
  /** Whether this exact path is prerendered (so whether it is worth finding out). */
  covers(pathname: string): boolean;
  /** The page in `language` (the request's), or null when it is not prerendered (or its rendering failed). */
  render(pathname: string, language: Language): Promise<PrerenderedPage | null>;
}

const NONE: Prerender = {
  load: async () => "missing",
  covers: () => false,
  render: async () => null,
};

/** Every documentation page's path: the page table's docs page prerenders them all. */
export function listDocsPaths(productShortName: string) {
  return docsPageIds.map((pageId) => {
    const slug = getDocsPageSlug(pageId, productShortName);
    return slug ? `${DOCS_BASE_PATH}/${slug}` : DOCS_BASE_PATH;
  });
}

/**
 * The pages are those the page table marks, at the exact paths it lists: anything else (a query string,
 * another spelling) is rendered by the browser. Not the other account pages: their forms carry codes and
 * states from the URL or the previous step.
 */
export function loadPrerender(
  webSsrDir: string,
  client: ClientConfig,
  log: FastifyBaseLogger,
  table: readonly Page[] = routeTable,
): Prerender {
  const modulePath = path.join(webSsrDir, "server-render.js");
  // A build without it (or a hand-made dist in tests) is served as a plain single-page app.
  if (!existsSync(modulePath)) return NONE;
  const paths = prerenderedPaths({ docsPaths: listDocsPaths(client.productShortName) }, table);
  // Loaded when the server starts listening or on the first prerendered request, whichever comes first (servers
  // that tests drive through inject() and never prerender do not pay for it).
  let renderer: Promise<ServerRenderModule> | undefined;
  const importRenderer = () => {
    renderer ??= import(pathToFileURL(modulePath).href) as Promise<ServerRenderModule>;
    return renderer;
  };
  let loaded: Promise<PrerenderState> | undefined;
  const load = () => {
    loaded ??= importRenderer().then(
      () => "loaded" as const,
      (error: unknown) => {
        log.error({ err: error, modulePath }, "the prerender bundle failed to load; pages are rendered by the browser");
        return "failed" as const;
      },
    );
    return loaded;
  };
  const pages = new Map<string, Promise<PrerenderedPage | null>>();

  const covers = (pathname: string) => paths.has(pathname);
  const render: Prerender["render"] = (pathname, language) => {
    if (!covers(pathname)) return Promise.resolve(null);
    const key = `${language} ${pathname}`;
    let page = pages.get(key);
    if (!page) {
      page = importRenderer()
        // The origin is a placeholder: the router needs a full URL, and pages never print it.
        .then(({ renderPage }) => renderPage(`http://localhost${pathname}`, language, client))
        .then((rendered) => (rendered ? { language, ...rendered } : null))
        .catch((error: unknown) => {
          // The page still works, rendered by the browser; kept as null so it is not retried per request.
          log.error({ err: error, pathname, language }, "prerendering a page failed; serving it unrendered");
          return null;
        });
      pages.set(key, page);
    }
    return page;
  };
  return { load, covers, render };
}
