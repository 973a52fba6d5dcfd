import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeCustomers, subscriptions } from "../src/db/schema.ts";
import {
  createTestClock,
  openTestDatabase,
  readSession,
  startTestServer,
  type TestServer,
  verifyEmailThroughApi,
  xhrHeaders,
} from "./harness.ts";

let server: TestServer;
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
  server = await startTestServer({ env: { WEB_DIST_DIR: distDir, PRODUCT_NAME: "Précis <Beta>" } });
});
afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

describe("serving the web app", () => {
  it.each(["/", "/profile/PrecisSettings", "/document/faq", "/login?email=a%40b.ca", "/no/such/page"])(
    "answers the app shell for %s, with this environment's settings embedded",
    async (url) => {
      const response = await server.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      const embedded = /<script type="application\/json" id="precis-config">(.*?)<\/script>/.exec(response.body)?.[1];
      expect(JSON.parse(embedded ?? "null")).toMatchObject({ productName: "Précis <Beta>", appEnv: "development" });
      // The product name cannot break out of the JSON script element or the title.
      expect(embedded).not.toContain("<Beta>");
      expect(response.body).toContain("<title>Précis &#60;Beta&#62;</title>");
    },
  );

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

  it("caches hashed assets for a year and compresses them", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("sends an asset's build-time compressed file as it is, and compresses on the fly only where there is none", async () => {
    const brotli = await server.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.equals(precompressedEntryScript)).toBe(true);
    // No .gz beside it in this dist: @fastify/compress does it, from the plain file.
    const gzip = await server.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
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
  const testClock = createTestClock();
  let prerendering: TestServer;
  let ssrDir: string;
  const renders = () => (globalThis as { prerenderCalls?: string[] }).prerenderCalls ?? [];

  beforeAll(async () => {
    // A stand-in for dist-ssr/server-render.js (apps/web/src/server-render.tsx) with its signature;
    // the browser tests hydrate the real one.
    ssrDir = await mkdtemp(path.join(tmpdir(), "precis-ssr-"));
    await writeFile(
      path.join(ssrDir, "server-render.js"),
      `export async function renderPage(url, language, config, audience, frame) {
        (globalThis.prerenderCalls ??= []).push([audience, frame?.screen, frame?.access, language, url].join(" "));
        if (url.endsWith("/document/case-chat")) throw new Error("the page broke");
        // A frame holds the slots of decision 017, which the server fills per request.
        const access = frame?.access ? " on " + frame.access + " until \uE000accessEndDate\uE000" : "";
        const who = audience === "signed-in" ? " frame for " + frame.screen + access + " Welcome \uE000greetingName\uE000 (\uE000avatarInitials\uE000) at \uE000email\uE000" : "";
        return { head: "<style>.page{}</style>", body: "<main>" + language + " " + new URL(url).pathname + " " + config.productShortName + who + "</main>" };
      }`,
    );
    prerendering = await startTestServer({
      // Each frame test signs up accounts of its own: more than an hour's registrations from one address.
      env: { WEB_DIST_DIR: distDir, WEB_SSR_DIR: ssrDir, PRODUCT_SHORT_NAME: "Lexi", REGISTER_MAX_PER_IP: "1000" },
      clock: testClock.clock,
    });
  });
  afterAll(async () => {
    await prerendering.close();
    await rm(ssrDir, { recursive: true, force: true });
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

  it("still hints the page's own chunks, and carries its stylesheets to style the HTML already there", async () => {
    const response = await get("/document/faq");
    const head = response.body.slice(0, response.body.indexOf("</head>"));
    // At low priority: the HTML is the first paint, the scripts only make it interactive (decision 019).
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/docs-1.js">');
    expect(head).toContain('<script type="module" fetchpriority="low" src="/assets/index-abc123.js">');
    expect(head).not.toMatch(/<(script type="module"|link rel="modulepreload") (?!fetchpriority)/);
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
    expect(response.statusCode).toBe(200);
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

  describe("the signed-in frame of the profile's user settings (decision 016)", () => {
    const signUp = async (details: { email?: string; role?: string; isVerified?: boolean } = {}) => {
      const email = details.email ?? `frame-${Math.random().toString(36).slice(2)}@example.ca`;
      const response = await prerendering.app.inject({
        method: "POST",
        url: "/api/register",
        headers: xhrHeaders,
        payload: { email, password: "Tribunal2024x", role: details.role ?? "lawyer" },
      });
      expect(response.statusCode).toBe(200);
      const session = readSession(response);
      if (details.isVerified !== false) await verifyEmailThroughApi(prerendering, email, session);
      return { ...session, email };
    };
    const frameRoot = (language: string, pathname: string, screen = "wide") =>
      `<div id="root" data-prerendered-lang="${language}" data-signed-in-frame><main>${language} ${pathname} Lexi frame for ${screen}`;

    it.each([
      ["/", "en", "en"],
      ["/profile", "fr-CA", "fr"],
      ["/profile/UserSettings", "en", "en"],
    ])(
      "is served for %s to a live session, in the language the browser asks for (%s)",
      async (url, acceptLanguage, language) => {
        const { cookie } = await signUp();
        const response = await get(url, { cookie, "accept-language": acceptLanguage });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(`<html lang="${language}">`);
        expect(response.body).toContain(frameRoot(language, url));
        expect(response.headers.vary).toBe("accept-language, cookie, sec-ch-ua-mobile, user-agent");
        // The page's stylesheets style the frame as they style a prerendered page.
        expect(response.body).not.toContain('<link rel="preload" as="style" crossorigin href="/assets/profile-1.css">');
      },
    );

    it.each([
      ["Chromium's hint says it is a phone", { "sec-ch-ua-mobile": "?1" }, "phone"],
      ["Chromium's hint says it is not", { "sec-ch-ua-mobile": "?0", "user-agent": "Mozilla/5.0 (Mobile)" }, "wide"],
      [
        "a phone's browser without the hint",
        { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1" },
        "phone",
      ],
      [
        "a desktop browser without the hint",
        { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Firefox/140.0" },
        "wide",
      ],
      ["nothing to go by", {}, "wide"],
    ])("is laid out for the screen guessed from the request: %s", async (_case, headers, screen) => {
      const { cookie } = await signUp();
      const response = await get("/profile/UserSettings", { cookie, ...headers });
      expect(response.body).toContain(frameRoot("en", "/profile/UserSettings", screen));
    });

    it("shows each visitor's own names in its slots, escaped, and no shared cache keeps it (decision 017)", async () => {
      const countRenders = () => renders().filter((call) => call === "signed-in wide  en http://localhost/").length;
      const named = async (firstName: string, lastName: string) => {
        const session = await signUp();
        const patched = await prerendering.app.inject({
          method: "PATCH",
          url: "/api/user-details",
          headers: { ...xhrHeaders, ...session.headers },
          payload: { firstName, lastName },
        });
        expect(patched.statusCode).toBe(200);
        return session;
      };
      const zoe = await named(`<Zoé & "co">`, "Tremblay");
      const response = await get("/", { cookie: zoe.cookie });
      expect(response.body).toContain(
        `${frameRoot("en", "/")} Welcome &#60;zoé &#38; &#34;co&#34;&#62; (&#60;T) at ${zoe.email}</main></div>`,
      );
      expect(response.body).not.toContain("\uE000");
      expect(response.headers["cache-control"]).toBe("private, no-cache");

      const rendersBefore = countRenders();
      const marc = await named("Marc", "");
      expect((await get("/", { cookie: marc.cookie })).body).toContain(
        `${frameRoot("en", "/")} Welcome Marc (FR) at ${marc.email}</main>`,
      );
      expect(countRenders()).toBe(rendersBefore);
      // Its answer to GET /api/user-details is the same account's.
      const details = await prerendering.app.inject({ method: "GET", url: "/api/user-details", headers: marc.headers });
      expect(details.json().userProfile.firstName).toBe("Marc");
    });

    it("is the same for every account, so it is rendered once per language and kept", async () => {
      const countRenders = () =>
        renders().filter((call) => call === "signed-in wide  en http://localhost/profile/UserSettings");
      await get("/profile/UserSettings", { cookie: (await signUp()).cookie, "accept-language": "en" });
      const before = countRenders().length;
      for (const session of [await signUp(), await signUp()]) {
        const response = await get("/profile/UserSettings", { cookie: session.cookie, "accept-language": "en" });
        expect(response.body).toContain(frameRoot("en", "/profile/UserSettings"));
      }
      expect(countRenders().length).toBe(before);
    });

    it("of the subscription page is drawn for the kind of access, with the day it ends filled in", async () => {
      const calls = () => renders().filter((call) => call.endsWith("http://localhost/subscription"));
      const trial = await signUp();
      const response = await get("/subscription", { cookie: trial.cookie, "accept-language": "fr" });
      // The trial's 30 days, counted from the test clock's today, in the page's language.
      const endsAt = new Date(testClock.clock().getTime() + 30 * 86_400_000);
      const day = new Intl.DateTimeFormat("fr-CA", { dateStyle: "long" }).format(endsAt);
      expect(response.body).toContain(`${frameRoot("fr", "/subscription")} on trial until ${day} Welcome`);
      expect(calls().at(-1)).toBe("signed-in wide trial fr http://localhost/subscription");

      const student = await signUp({ email: `student-${Date.now()}@mail.utoronto.ca`, role: "law student" });
      const studentPage = await get("/subscription", { cookie: student.cookie });
      expect(studentPage.body).toContain(`${frameRoot("en", "/subscription")} on student until `);
    });

    it("is not served to an unverified account, nor to a student whose address is not a school's: their notices are the browser's to draw", async () => {
      for (const session of [
        await signUp({ isVerified: false }),
        await signUp({ email: `student-${Date.now()}@gmail.com`, role: "law student" }),
      ]) {
        const page = await get("/subscription", { cookie: session.cookie, "accept-language": "en" });
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain("data-signed-in-frame");
      }
      const unverified = await signUp({ isVerified: false });
      expect((await get("/profile/UserSettings", { cookie: unverified.cookie })).body).not.toContain(
        "data-signed-in-frame",
      );
    });

    it("of the subscription page is not served to an account with a plan: its card is the browser's to draw", async () => {
      const subscriber = await signUp();
      const pricing = await prerendering.app.inject({
        method: "POST",
        url: "/api/pricing-session",
        headers: { ...xhrHeaders, ...subscriber.headers },
      });
      const userId = Number(pricing.json().userId);
      const customerId = `cus_frame_${userId}`;
      // As the Stripe webhook records them (billing.test.ts drives that path with signed events).
      await prerendering.database.db.insert(stripeCustomers).values({ customerId, userId });
      await prerendering.database.db.insert(subscriptions).values({
        subscriptionId: `sub_frame_${userId}`,
        customerId,
        status: "active",
        planName: "Precis Professional",
        planDetails: "",
        pricePeriod: "month",
        currentPeriodEnd: new Date(testClock.clock().getTime() + 30 * 86_400_000),
        lastEventAt: testClock.clock(),
      });
      const response = await get("/subscription", { cookie: subscriber.cookie });
      expect(response.body).toContain('<div id="root"></div>');
      // Home keeps its frame: the plan changes nothing there.
      expect((await get("/", { cookie: subscriber.cookie })).body).toContain("data-signed-in-frame");
    });

    it.each([
      ["the memo settings tab", "/profile/LexiSettings"],
      ["another spelling of the tab", "/profile/usersettings"],
      ["a query string", "/profile/UserSettings?from=extension"],
      ["a documentation page", "/document/faq"],
    ])("is not served for %s: the browser renders it", async (_case, url) => {
      const { cookie } = await signUp();
      const response = await get(url, { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    });

    it("is not served for a cookie that names no live session: unknown, logged out or expired", async () => {
      const unknown = await get("/profile/UserSettings", { cookie: "precis_session=abc" });
      expect(unknown.body).toContain('<div id="root"></div>');

      const loggedOut = await signUp();
      const logout = await prerendering.app.inject({
        method: "GET",
        url: "/api/logout",
        headers: { ...xhrHeaders, ...loggedOut.headers },
      });
      expect(logout.statusCode).toBe(200);
      const afterLogout = await get("/profile/UserSettings", { cookie: loggedOut.cookie });
      expect(afterLogout.body).toContain('<div id="root"></div>');

      const idle = await signUp();
      expect((await get("/profile/UserSettings", { cookie: idle.cookie })).body).toContain("data-signed-in-frame");
      testClock.advanceDays(31);
      const afterIdleExpiry = await get("/profile/UserSettings", { cookie: idle.cookie });
      expect(afterIdleExpiry.body).toContain('<div id="root"></div>');
    });

    it("is not served, and the page still is, when the database cannot check the cookie", async () => {
      const database = await openTestDatabase();
      const server = await startTestServer({
        env: { WEB_DIST_DIR: distDir, WEB_SSR_DIR: ssrDir, PRODUCT_SHORT_NAME: "Lexi" },
        database,
      });
      try {
        const registered = await server.app.inject({
          method: "POST",
          url: "/api/register",
          headers: xhrHeaders,
          payload: { email: "outage@example.ca", password: "Tribunal2024x" },
        });
        const { cookie } = readSession(registered);
        await database.close();
        const response = await server.app.inject({ method: "GET", url: "/profile/UserSettings", headers: { cookie } });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root"></div>');
        expect(server.logs.text()).toContain("could not check the session cookie of a page request");
      } finally {
        await server.app.close();
      }
    });
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
