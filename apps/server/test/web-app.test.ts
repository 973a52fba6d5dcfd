import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forPrerenderedPage } from "../src/plugins/page-preloads.ts";
import { useTestServer } from "./support/test-server.ts";

let distDir: string;
let entryCss: string;
let precompressedEntryScript: Buffer;

beforeAll(async () => {
  // A stand-in for `vite build` output with the same shape: index.html plus hashed assets.
  distDir = await mkdtemp(path.join(tmpdir(), "precis-dist-"));
  await mkdir(path.join(distDir, "assets"));
  await writeFile(
    path.join(distDir, "index.html"),
    '<!doctype html><html lang="en"><head><title>x</title><script type="application/json" id="precis-config"></script>' +
      '<script type="module" src="/assets/index-abc123.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>',
  );
  // A data: URI means the same on any page: this one is inlined.
  entryCss = `.boot-splash{display:grid}.native-select{background:url("data:image/svg+xml,%3Csvg%3E%3C/svg%3E")}`;
  await writeFile(path.join(distDir, "assets", "index-abc123.css"), entryCss);
  await writeFile(path.join(distDir, "assets", "docs-1.css"), ".docs-layout{display:flex}");
  // A relative url() would resolve against the page once inline: this one stays a link.
  await writeFile(path.join(distDir, "assets", "docs-2.css"), ".docs-logo{background:url(./logo.svg)}");
  const entryScript = `console.log(${JSON.stringify("x".repeat(4000))});`;
  await writeFile(path.join(distDir, "assets", "index-abc123.js"), entryScript);
  // The build writes each asset also brotli-compressed (apps/web/vite.config.ts); the marker shows which file was sent.
  precompressedEntryScript = brotliCompressSync(`${entryScript}// precompressed`);
  await writeFile(path.join(distDir, "assets", "index-abc123.js.br"), precompressedEntryScript);
  await writeFile(path.join(distDir, "robots.txt"), "User-agent: *\n");
  // What the web build lists per page (apps/web/src/app/build/page-preloads-plugin.ts), in its shape.
  await mkdir(path.join(distDir, ".vite"));
  const texts = (names: string[]) => ({
    en: names.map((name) => `/assets/${name}-en.js`),
    fr: names.map((name) => `/assets/${name}-fr.js`),
  });
  await writeFile(
    path.join(distDir, ".vite/page-preloads.json"),
    JSON.stringify({
      pages: [
        {
          path: "/profile/:tabId?",
          scripts: ["/assets/profile-1.js"],
          styles: ["/assets/profile-1.css"],
          texts: texts(["profile"]),
        },
        {
          path: "/document/*",
          scripts: ["/assets/docs-1.js"],
          // docs-3.css is missing from this dist.
          styles: ["/assets/docs-1.css", "/assets/docs-2.css", "/assets/docs-3.css"],
          texts: texts(["docs"]),
        },
        { path: "/login", scripts: ["/assets/login-1.js"], styles: [], texts: texts(["auth"]) },
        { path: "/*", scripts: ["/assets/not-found-1.js"], styles: [], texts: texts([]) },
      ],
      docsPages: {
        en: { overview: "/assets/overview-en.js", faq: "/assets/faq-en.js" },
        fr: { overview: "/assets/overview-fr.js", faq: "/assets/faq-fr.js" },
      },
    }),
  );
});
afterAll(() => rm(distDir, { recursive: true, force: true }));
// Started once the build stand-in is written, and closed before it is removed.
const server = useTestServer({ env: () => ({ WEB_DIST_DIR: distDir, PRODUCT_NAME: "Précis <Beta>" }) });

describe("serving the web app", () => {
  it.each([
    ["/", 200],
    ["/profile/PrecisSettings", 200],
    ["/document/faq", 200],
    ["/login?email=a%40b.ca", 200],
    // A path no page answers: the same shell, which shows "Page not found", with the status that says so.
    ["/no/such/page", 404],
    ["/no/such/page?from=old-link", 404],
    ["/document/no-such-page", 404],
    ["/Document/FAQ/", 200],
    ["/document", 200],
  ])("answers the app shell for %s, with this environment's settings embedded (status %i)", async (url, status) => {
    const response = await server.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const embedded = /<script type="application\/json" id="precis-config">(.*?)<\/script>/.exec(response.body)?.[1];
    expect(JSON.parse(embedded ?? "null")).toMatchObject({ productName: "Précis <Beta>", appEnv: "development" });
    // The product name cannot break out of the JSON script element or the title.
    expect(embedded).not.toContain("<Beta>");
    expect(response.body).toContain("<title>Précis &#60;Beta&#62;</title>");
  });

  it.each([
    ["/login", undefined, ["/assets/login-1.js", "/assets/auth-en.js"]],
    ["/login?email=a%40b.ca", "fr-CA,fr;q=0.9,en;q=0.8", ["/assets/login-1.js", "/assets/auth-fr.js"]],
    ["/Login/", "de-DE, en;q=0.5", ["/assets/login-1.js", "/assets/auth-en.js"]],
    ["/profile", "en-CA", ["/assets/profile-1.js", "/assets/profile-en.js"]],
    ["/profile/PrecisSettings", "en-CA", ["/assets/profile-1.js", "/assets/profile-en.js"]],
    ["/document/faq", "fr", ["/assets/docs-1.js", "/assets/docs-fr.js", "/assets/faq-fr.js"]],
    ["/document/FAQ/", "en", ["/assets/docs-1.js", "/assets/docs-en.js", "/assets/faq-en.js"]],
    ["/document", "fr", ["/assets/docs-1.js", "/assets/docs-fr.js", "/assets/overview-fr.js"]],
    ["/document/no-such-page", "fr", ["/assets/docs-1.js", "/assets/docs-fr.js"]],
    ["/no/such/page", "en", ["/assets/not-found-1.js"]],
  ])("hints the chunks and texts %s needs first (Accept-Language %s)", async (url, acceptLanguage, expected) => {
    const response = await server.app.inject({
      method: "GET",
      url,
      headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
    });
    const head = response.body.slice(0, response.body.indexOf("</head>"));
    const hinted = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );
    expect(hinted).toEqual(expected);
    // Without prerendered HTML, the scripts are what paints: they keep the browser's own (high) priority.
    expect(head).not.toContain("fetchpriority");
    expect(response.headers.vary).toContain("accept-language");
  });

  it("preloads a page's stylesheet without making it block the first paint", async () => {
    const response = await server.app.inject({ method: "GET", url: "/profile" });
    expect(response.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/profile-1.css">');
    expect(response.body).not.toContain('rel="stylesheet"');
  });

  it("carries the entry's stylesheet inline, so the first paint waits for no other request", async () => {
    const response = await server.app.inject({ method: "GET", url: "/profile" });
    const head = response.body.slice(0, response.body.indexOf("</head>"));
    expect(head).toContain(`<style>${entryCss}</style>`);
    expect(head).not.toContain("index-abc123.css");
  });

  const getEntryScript = (acceptEncoding: string) =>
    server.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": acceptEncoding },
    });

  it("caches hashed assets for a year and compresses them", async () => {
    const response = await getEntryScript("gzip");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("sends an asset's build-time compressed file as it is, and compresses on the fly only where there is none", async () => {
    const brotli = await getEntryScript("gzip, br");
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.equals(precompressedEntryScript)).toBe(true);
    // No .gz beside it in this dist: @fastify/compress does it, from the plain file.
    const gzip = await getEntryScript("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).not.toContain("// precompressed");
  });

  it("serves other files with revalidation", async () => {
    const response = await server.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps the build's own lists (.vite/) private", async () => {
    const response = await server.app.inject({ method: "GET", url: "/.vite/page-preloads.json" });
    expect(response.body).not.toContain("/assets/profile-1.js");
  });

  it("answers a missing asset with 404, not HTML, so a stale page notices", async () => {
    const response = await server.app.inject({ method: "GET", url: "/assets/index-old999.js" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/document/faq" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });
});

describe("prerendered pages: the documentation, the Terms and the Privacy Policy, login and registration", () => {
  let ssrDir: string;
  const renders = () => (globalThis as { prerenderCalls?: string[] }).prerenderCalls ?? [];

  beforeAll(async () => {
    // A stand-in for dist-ssr/server-render.js (apps/web/src/server-render.tsx) with its signature;
    // the browser tests hydrate the real one.
    ssrDir = await mkdtemp(path.join(tmpdir(), "precis-ssr-"));
    await writeFile(
      path.join(ssrDir, "server-render.js"),
      `export async function renderPage(url, language, config) {
        (globalThis.prerenderCalls ??= []).push([language, url].join(" "));
        if (url.endsWith("/document/case-chat")) throw new Error("the page broke");
        return { head: "<style>.page{}</style>", body: "<main>" + language + " " + new URL(url).pathname + " " + config.productShortName + "</main>" };
      }`,
    );
  });
  afterAll(() => rm(ssrDir, { recursive: true, force: true }));
  const prerendering = useTestServer({
    env: () => ({ WEB_DIST_DIR: distDir, WEB_SSR_DIR: ssrDir, PRODUCT_SHORT_NAME: "Lexi" }),
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    prerendering.app.inject({ method: "GET", url, headers });

  it.each([
    ["/document/faq", "fr-CA,fr;q=0.9", "fr"],
    ["/document", "en-CA", "en"],
    ["/document/lexi-search", "de-DE", "en"],
    ["/login", "fr", "fr"],
    ["/register", "en", "en"],
    // The Terms of Service and the Privacy Policy, which registration links to, in each language.
    ["/terms", "en-CA,en;q=0.9", "en"],
    ["/terms", "fr-CA,fr;q=0.9", "fr"],
    ["/privacy", "en", "en"],
    ["/privacy", "fr", "fr"],
  ])("serves %s rendered, in the language the browser asks for (%s)", async (url, acceptLanguage, language) => {
    const response = await get(url, { "accept-language": acceptLanguage });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<html lang="${language}">`);
    expect(response.body).toContain(
      `<div id="root" data-prerendered-lang="${language}"><main>${language} ${url} Lexi</main></div>`,
    );
    const head = response.body.slice(0, response.body.indexOf("</head>"));
    expect(head).toContain('<script type="application/json" id="precis-config">');
    // antd's styles come before the app's, as in the browser, so the app's win a tie.
    expect(head.indexOf("<style>.page{}</style>")).toBeGreaterThan(0);
    expect(head.indexOf("<style>.page{}</style>")).toBeLessThan(head.indexOf(`<style>${entryCss}</style>`));
    expect(response.headers.vary).toBe("accept-language, cookie");
  });

  it("drops index.html's own preloads from a prerendered page's head and asks for the entry at low priority", () => {
    const head =
      '<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/framework-1.js">\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/style-1.css">';
    expect(forPrerenderedPage(head)).toBe(
      '<head><script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/style-1.css">',
    );
  });

  it("names only the entry script, at low priority, and carries its stylesheets to style the HTML already there", async () => {
    const response = await get("/document/faq");
    const head = response.body.slice(0, response.body.indexOf("</head>"));
    // The HTML is the first paint, the scripts only make it interactive: the entry finds the page's chunks once
    // the page is painted, instead of competing with it (decision 033).
    expect(head).toContain('<script type="module" fetchpriority="low" src="/assets/index-abc123.js">');
    expect(head).not.toContain("modulepreload");
    expect(head).toContain("<style>.docs-layout{display:flex}</style>");
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/docs-2.css">');
    // A file that cannot be read stays a link: the browser's 404 is what it was without inlining.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/docs-3.css">');
  });

  it.each([
    ["a visitor with a session cookie", "/document/faq", { cookie: "precis_session=abc" }],
    ["a URL with a query string", "/document/faq?q=trial", {}],
    ["another spelling of a page's path", "/document/FAQ/", {}],
    ["a documentation page that does not exist", "/document/no-such-page", {}],
    ["the Privacy Policy to a visitor with a session cookie", "/privacy", { cookie: "precis_session=abc" }],
    ["another spelling of the Terms of Service's path", "/Terms/", {}],
    ["the login page with the parameters of a link (a reset password's email)", "/login?email=a%40b.ca", {}],
    ["an account page whose form carries a step's state", "/login/find-user", {}],
    ["a signed-in page", "/profile", {}],
  ])("leaves rendering to the browser for %s", async (_case, url, headers) => {
    const response = await get(url, headers);
    expect(response.statusCode).toBe(url === "/document/no-such-page" ? 404 : 200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain("data-prerendered-lang");
  });

  it("renders each page once per language and keeps it", async () => {
    const before = renders().filter((call) => call.endsWith("/document/search-history")).length;
    for (let request = 0; request < 3; request += 1) {
      await get("/document/search-history", { "accept-language": "fr" });
      await get("/document/search-history", { "accept-language": "en" });
    }
    const calls = renders().filter((call) => call.endsWith("/document/search-history"));
    expect(calls.length - before).toBe(2);
  });

  it("serves a page whose rendering fails unrendered, still working", async () => {
    const response = await get("/document/case-chat");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it("compresses the page", async () => {
    const response = await get("/document/faq", { "accept-encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
  });
});
