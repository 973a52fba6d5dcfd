import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Language, languages } from "@precis/contract/auth";
import type { ClientConfig } from "@precis/contract/client-config";
import { DOCS_BASE_PATH, docsPageIds, getDocsPageSlug } from "@precis/contract/docs-pages";
import type { FrameLayout, FrameScreen, PrerenderAudience, RenderedPage, RenderPage } from "@precis/contract/prerender";
import type { FastifyBaseLogger } from "fastify";
import { type Page, prerenderedPaths, routeTable } from "../../../web/src/app/route-table.ts";
import { negotiateLanguage } from "./page-preloads.ts";

/*
 * Prerendered pages. The web build's dist-ssr/server-render.js renders a page to HTML; the web app's route
 * table (apps/web/src/app/route-table.ts) says which of each page's paths are prerendered, for whom.
 * - For visitors who are not signed in (decision 014): the pages every such visitor sees the same,
 *   the documentation (with the Terms of Service and the Privacy Policy), login and registration. The
 *   browser hydrates them.
 * - For a live session (decision 016): the frame of a signed-in page, its layout and texts without
 *   the account's data, which no two visitors share. The browser renders the page over it.
 * Forms stay disabled until the app has started (usePrerenderedFormProps), so none is submitted
 * natively. Each page is rendered once per language, audience and (frames only) screen, on its first
 * request, and kept: the set of pages is fixed, so the memory is bounded.
 */

/** What dist-ssr/server-render.js exports (see apps/web/src/server-render.tsx). */
interface ServerRenderModule {
  renderPage: RenderPage;
}

export interface PrerenderedPage extends RenderedPage {
  language: Language;
  audience: PrerenderAudience;
}

/**
 * The server-render bundle: loaded once it was imported, failed when the import threw (a broken build; not
 * retried), missing when the build has none. Readiness waits for "loaded" (decision 027).
 */
export type PrerenderState = "loaded" | "failed" | "missing";

export interface Prerender {
  /** Imports the bundle unless that was done already, and says how it went. */
  load(): Promise<PrerenderState>;
  /** Whether this exact path is prerendered for the audience (so whether it is worth finding out). */
  covers(pathname: string, audience: PrerenderAudience): boolean;
  /** Whether this path's signed-in frame shows the account's access, so is drawn for its kind. */
  showsAccess(pathname: string): boolean;
  /** The page, or null when it is not prerendered (or its rendering failed). A frame is drawn as `frame` says. */
  render(
    pathname: string,
    acceptLanguage: string | undefined,
    audience: PrerenderAudience,
    frame?: FrameLayout,
  ): Promise<PrerenderedPage | null>;
}

const NONE: Prerender = {
  load: async () => "missing",
  covers: () => false,
  showsAccess: () => false,
  render: async () => null,
};

/**
 * The pages are those the route table marks, at the exact paths it lists for each audience: anything else
 * (a query string, another spelling) is rendered by the browser.
 * - For visitors without a session, the documentation (with the Terms and the Privacy Policy), login and
 *   registration; not the other account pages: their forms carry codes and states from the URL or the previous step.
 * - Signed in, only pages whose first screen keeps its size once the account's data arrives, its texts
 *   being slots the server fills (decision 017): home, the profile's user settings tab, and the
 *   subscription page (which the app renders over the frame only once it has the access and the offer).
 */
/** Every documentation page's path: the route table's docs route prerenders them all. */
export function listDocsPaths(productShortName: string) {
  return docsPageIds.map((pageId) => {
    const slug = getDocsPageSlug(pageId, productShortName);
    return slug ? `${DOCS_BASE_PATH}/${slug}` : DOCS_BASE_PATH;
  });
}

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

  const covers = (pathname: string, audience: PrerenderAudience) => paths[audience].has(pathname);
  const render: Prerender["render"] = (pathname, acceptLanguage, audience, frame) => {
    if (!covers(pathname, audience)) return Promise.resolve(null);
    const language = negotiateLanguage(acceptLanguage, languages) as Language;
    // A page to hydrate leaves its width-dependent layout to CSS; a frame is drawn for one screen.
    const key = `${audience} ${frame?.screen} ${frame?.access} ${language} ${pathname}`;
    let page = pages.get(key);
    if (!page) {
      page = importRenderer()
        // The origin is a placeholder: the router needs a full URL, and pages never print it.
        .then(({ renderPage }) => renderPage(`http://localhost${pathname}`, language, client, audience, frame))
        .then((rendered) => (rendered ? { language, audience, ...rendered } : null))
        .catch((error: unknown) => {
          // The page still works, rendered by the browser; kept as null so it is not retried per request.
          log.error(
            { err: error, pathname, language, audience, frame },
            "prerendering a page failed; serving it unrendered",
          );
          return null;
        });
      pages.set(key, page);
    }
    return page;
  };
  // Signed-in paths whose frame shows the account's access: drawn once per kind of access, and only for an
  // account without a plan (a plan's card has more of the account in it than slots are worth).
  const showsAccess = (pathname: string) => paths["signed-in"].get(pathname)?.frameShowsAccess === true;
  return { load, covers, showsAccess, render };
}

/**
 * A guess at whether a signed-in visitor is on a phone: Chromium's `Sec-CH-UA-Mobile` hint, sent
 * unasked, or else "Mobi" in the User-Agent, as MDN advises. A wrong guess costs one layout change
 * when the app takes over the frame.
 */
export function guessFrameScreen(headers: {
  "sec-ch-ua-mobile"?: string | string[];
  "user-agent"?: string;
}): FrameScreen {
  const mobileHint = headers["sec-ch-ua-mobile"];
  if (typeof mobileHint === "string") return mobileHint.trim() === "?1" ? "phone" : "wide";
  return headers["user-agent"]?.includes("Mobi") ? "phone" : "wide";
}
