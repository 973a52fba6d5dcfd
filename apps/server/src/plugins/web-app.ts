import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { languages } from "@precis/contract/auth";
import { LANGUAGE_COOKIE_NAME, LANGUAGE_QUERY_PARAMETER, PRERENDERED_LANGUAGE_ATTRIBUTE } from "@precis/contract/boot";
import { CLIENT_CONFIG_ELEMENT_ID, clientConfigSchema } from "@precis/contract/client-config";
import { getDocsPageIdForPathname } from "@precis/contract/docs-pages";
import { escapeHtml } from "@precis/contract/prerender";
import { matchPage } from "@precis/pages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config.ts";
import { sendApiError } from "../lib/api-error.ts";
import { decideRequestLanguage, languageCookieOptions, renderLanguageAlternates } from "../lib/request-language.ts";
import { getSessionCookieName } from "../modules/sessions/plugin.ts";
import { isApiPathname } from "./errors.ts";
import { createStylesheetInliner, inlineStylesheetLinks } from "./inline-stylesheets.ts";
import { forPrerenderedPage, loadPreloadHints } from "./page-preloads.ts";
import { loadPrerender, type PrerenderedPage } from "./prerender.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
/**
 * What a page's HTML depends on: its language (the language cookie, else Accept-Language) and whether a session
 * cookie came with it.
 */
const PAGE_VARY = "accept-language, cookie";

/**
 * A path the app answers with its "Page not found": the page table's catch-all, or a documentation path that
 * names no page (the docs route takes every /document path and says so itself).
 */
function isUnknownPage(pathname: string, productShortName: string) {
  const page = matchPage(pathname);
  if (!page || page.id === "not-found") return true;
  const normalized = pathname.replace(/\/{2,}/g, "/").toLowerCase();
  return page.id === "docs" && getDocsPageIdForPathname(normalized, productShortName) === null;
}

/** A query string that only names the page's language: the page is still the one anyone signed out sees. */
function onlyNamesLanguage(query: string) {
  return [...new URLSearchParams(query).keys()].every((name) => name === LANGUAGE_QUERY_PARAMETER);
}

/** index.html's head up to `</head>` with `<html lang>` set, per language: each page is sent in its own. */
function headsByLanguage(headStart: string) {
  if (!/<html lang="[^"]*">/.test(headStart)) throw new Error('index.html has no <html lang="…">');
  return Object.fromEntries(
    languages.map((language) => [language, headStart.replace(/<html lang="[^"]*">/, `<html lang="${language}">`)]),
  ) as Record<(typeof languages)[number], string>;
}

/**
 * Serves the built React app: hashed assets cached for a year, and index.html (with this
 * environment's public settings embedded) for every app path, so deep links and reloads work.
 * Returns the handler for paths no route matched.
 */
export async function registerWebApp(app: FastifyInstance, config: AppConfig) {
  const indexPath = path.join(config.webDistDir, "index.html");
  if (!existsSync(indexPath)) {
    app.log.warn({ webDistDir: config.webDistDir }, "the web app is not built; run `npm run build` to serve it");
    return (_request: FastifyRequest, reply: FastifyReply) =>
      sendApiError(reply, 404, "The web app is not built on this server. Run `npm run build`.");
  }

  const inlineStylesheet = createStylesheetInliner(config.webDistDir);
  const indexHtml = inlineStylesheetLinks(renderIndexHtml(readFileSync(indexPath, "utf8"), config), inlineStylesheet);
  // Each page's own chunks are hinted at the end of <head>, after the entry's.
  const headEnd = indexHtml.indexOf("</head>");
  if (headEnd < 0) throw new Error("index.html has no </head>");
  const [headStart, headRest] = [indexHtml.slice(0, headEnd), indexHtml.slice(headEnd)];
  const shellHeads = headsByLanguage(headStart);
  const prerenderedHeads = headsByLanguage(forPrerenderedPage(headStart));
  const preloadHints = loadPreloadHints(config.webDistDir, config.client.productShortName, inlineStylesheet);
  const prerender = loadPrerender(config.webSsrDir, config.client, app.log);
  // Readiness waits for the bundle, which loads as the server starts listening rather than on the first page.
  app.readiness.loadPrerender = prerender.load;
  app.addHook("onListen", async () => void prerender.load());
  const fillRoot = rootFiller(headRest);
  const sessionCookieName = getSessionCookieName(config.env);

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    // Files are listed once at start-up, so a path that is not a file falls through to the app.
    wildcard: false,
    index: false,
    // The build writes each hashed asset also as .br and .gz (apps/web/vite.config.ts): sent as they are,
    // they cost no CPU per request, and @fastify/compress leaves a response that has an encoding alone.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const isHashedAsset = filePath.startsWith(path.join(config.webDistDir, "assets") + path.sep);
      reply.header("cache-control", isHashedAsset ? IMMUTABLE : REVALIDATE);
    },
  });

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = "/", query] = request.url.split("?");
    // A missing hashed asset is a stale page asking for an old build: a 404 makes it reload, HTML would not.
    const wantsHtml = (request.method === "GET" || request.method === "HEAD") && !pathname.startsWith("/assets/");
    if (!wantsHtml) return sendApiError(reply, 404, "Not found.");
    // Sent in the request's language from the first byte, so the app starts in it and nothing switches after.
    const { language, source } = decideRequestLanguage(request);
    // A link that names its language makes it the reader's choice, as the switch does.
    if (source === "link") reply.setCookie(LANGUAGE_COOKIE_NAME, language, languageCookieOptions(config.publicUrl));
    // A query string is for the page to read (but the language's), and a session cookie means someone may be
    // signed in: the browser renders those. Otherwise the visitor gets the page as anyone signed out sees it.
    const isSignedOut =
      (query === undefined || onlyNamesLanguage(query)) && request.cookies[sessionCookieName] === undefined;
    const page = isSignedOut ? await prerender.render(pathname, language) : null;
    const isUnknown = isUnknownPage(pathname, config.client.productShortName);
    const alternates = isUnknown ? "" : renderLanguageAlternates(request.url, config.publicUrl);
    const hints = alternates + preloadHints(pathname, language, { isPrerendered: page !== null });
    const html = page ? fillRoot(prerenderedHeads[language] + hints, page) : shellHeads[language] + hints + headRest;
    // The shell's own "not found" page, with the status that tells search engines and link checkers the same.
    return reply
      .code(isUnknown ? 404 : 200)
      .header("cache-control", REVALIDATE)
      .header("vary", PAGE_VARY)
      .type("text/html; charset=utf-8")
      .send(html);
  };
  // Pages are a route rather than left to the not-found handler, which @fastify/compress never
  // sees (it hooks into routes): a prerendered page is about 100 kB of HTML, 20 kB gzipped.
  app.get("/*", (request, reply) =>
    isApiPathname(request.url.split("?")[0] ?? "/") ? reply.callNotFound() : servePage(request, reply),
  );
  return servePage;
}

/**
 * Puts a prerendered page's HTML in #root, in place of the splash, and its antd styles before the
 * app's own stylesheets: in the browser antd inserts its styles first too, so the app's rules win
 * where both set the same property with the same specificity (antd's selectors use :where()).
 */
function rootFiller(headRest: string) {
  const rootStart = headRest.indexOf('<div id="root">');
  const bodyEnd = headRest.lastIndexOf("</body>");
  if (rootStart < 0 || bodyEnd < rootStart) throw new Error('index.html has no <div id="root"> in its <body>');
  const [beforeRoot, afterRoot] = [headRest.slice(0, rootStart), headRest.slice(bodyEnd)];
  return (head: string, page: PrerenderedPage) => {
    const firstStylesheet = head.search(/<style[\s>]|<link rel="stylesheet"/);
    const stylesAt = firstStylesheet < 0 ? head.length : firstStylesheet;
    return `${head.slice(0, stylesAt)}${page.head}${head.slice(stylesAt)}${beforeRoot}<div id="root" ${PRERENDERED_LANGUAGE_ATTRIBUTE}="${page.language}">${page.body}</div>${afterRoot}`;
  };
}

/** Embeds the public settings as inert JSON (no script runs, so the CSP needs no exception). */
export function renderIndexHtml(template: string, config: AppConfig) {
  const placeholder = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}"></script>`;
  if (!template.includes(placeholder)) throw new Error(`index.html lacks the ${CLIENT_CONFIG_ELEMENT_ID} element`);
  // Checked against the contract here, once, because the browser trusts it without zod (see
  // apps/web/src/lib/client-config.tsx). "<" is escaped so no value can close the script early.
  const json = JSON.stringify(clientConfigSchema.parse(config.client)).replace(/</g, "\\u003c");
  return template
    .replace(placeholder, `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.client.productName)}</title>`);
}
