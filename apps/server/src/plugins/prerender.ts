import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Language, languages } from "@precis/contract/auth";
import type { ClientConfig } from "@precis/contract/client-config";
import { DOCS_BASE_PATH, docsPageIds, getDocsPageSlug } from "@precis/contract/docs-pages";
import type { FastifyBaseLogger } from "fastify";
import { negotiateLanguage } from "./page-preloads.ts";

/*
 * Prerendered pages (decision 014). The web build's dist-ssr/server-render.js renders a page to
 * HTML; the browser hydrates it. Only pages every visitor who is not signed in sees the same: the
 * documentation, login and registration. Their forms stay disabled until the app has started
 * (usePrerenderedFormProps), so none is submitted natively with its password. Each page is rendered
 * once per language, on its first request, and kept: the set of pages is fixed, so the memory is bounded.
 */

/** What dist-ssr/server-render.js exports (see apps/web/src/server-render.tsx). */
interface ServerRenderModule {
  renderPage(url: string, language: Language, config: ClientConfig): Promise<{ head: string; body: string } | null>;
}

export interface PrerenderedPage {
  language: Language;
  head: string;
  body: string;
}

export type Prerender = (pathname: string, acceptLanguage: string | undefined) => Promise<PrerenderedPage | null>;

const NONE: Prerender = async () => null;

/**
 * The exact paths prerendered: anything else (a query string, another spelling) is rendered by the browser.
 * Not the other account pages: their forms carry codes and states from the URL or the previous step.
 */
function listPrerenderedPaths(productShortName: string): Set<string> {
  const docsPaths = docsPageIds.map((pageId) => {
    const slug = getDocsPageSlug(pageId, productShortName);
    return slug ? `${DOCS_BASE_PATH}/${slug}` : DOCS_BASE_PATH;
  });
  return new Set([...docsPaths, "/login", "/register"]);
}

export function loadPrerender(webSsrDir: string, client: ClientConfig, log: FastifyBaseLogger): Prerender {
  const modulePath = path.join(webSsrDir, "server-render.js");
  // A build without it (or a hand-made dist in tests) is served as a plain single-page app.
  if (!existsSync(modulePath)) return NONE;
  const paths = listPrerenderedPaths(client.productShortName);
  // Loaded on the first prerendered request, not at start-up: most test servers never need it.
  let renderer: Promise<ServerRenderModule> | undefined;
  const pages = new Map<string, Promise<PrerenderedPage | null>>();

  return (pathname, acceptLanguage) => {
    if (!paths.has(pathname)) return Promise.resolve(null);
    const language = negotiateLanguage(acceptLanguage, languages) as Language;
    const key = `${language} ${pathname}`;
    let page = pages.get(key);
    if (!page) {
      renderer ??= import(pathToFileURL(modulePath).href) as Promise<ServerRenderModule>;
      page = renderer
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
}
