import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  DOCS_BASE_PATH,
  type DocsPageId,
  docsPageIds,
  findDocsPageIdBySlug,
  getDocsPageSlug,
} from "@precis/contract/docs-pages";
import { getProfileTabId, profileTabs } from "@precis/contract/profile-tabs";
import { createPageMatcher, routeTable } from "@precis/pages";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { type APIRequestContext, type BrowserContext, chromium } from "playwright-core";
import { findFreePort } from "../apps/server/test/free-ports.ts";
import { type RunningServer, repoRoot, workDir } from "./lib/processes.ts";

export interface FrontEndFigures {
  bareGzipBytes: number;
  routes: {
    route: string;
    signedIn: boolean;
    files: string[];
    gzipBytes: number;
    budgetBytes?: number;
    /** Scores from 0 to 1; null when Lighthouse could not score the page (`error` says why). Absent: not scored. */
    lighthouse?: {
      /** Lighthouse's preset: mobile for the public pages, desktop for the signed-in ones (decision 033). */
      preset: LighthousePreset;
      /** The performance score the route must reach on its preset. */
      performanceGoal: number;
      /** The median of LIGHTHOUSE_RUNS runs. */
      performance: number | null;
      performanceRuns: number[];
      accessibility: number | null;
      error?: string;
      /** The bare build's performance score, from its latest Lighthouse run before this route's runs (null if it failed). */
      barePerformance: number | null;
      /** Each run's bytes over the network: the proof that every run started with a cold HTTP cache. */
      transfers: TransferFigures[];
      /** Signed-in routes: whether the session cookie and the access key were still there after the runs. */
      stayedSignedIn?: boolean;
      /** Below a goal: the worst run's top performance opportunities and failed accessibility audits. */
      findings?: string[];
    };
  }[];
  notes: string[];
}

/** What one Lighthouse run fetched, from its `total-byte-weight` and `network-requests` audits. */
export interface TransferFigures {
  /** Bytes over the network for the whole page (Lighthouse's total-byte-weight: transfer sizes, headers included). */
  pageTransferBytes: number;
  scripts: number;
  /** Scripts the HTTP cache answered: a transfer of 0 bytes, or a 304. */
  scriptsFromCache: number;
  scriptTransferBytes: number;
  /** The scripts' decoded size: what a warm cache would have served without any transfer. */
  scriptResourceBytes: number;
}

type LighthousePreset = "mobile" | "desktop";

/**
 * The guard (issue 41, decision 033): public pages are what a first visit opens, often on a phone, so they are
 * scored on Lighthouse's mobile preset; signed-in pages are opened by lawyers at a desk, from the extension in
 * desktop Chrome, so on its desktop preset. Accessibility must be 1.00 everywhere.
 */
const PERFORMANCE_GOALS: Record<LighthousePreset, number> = { mobile: 0.9, desktop: 0.95 };
const presetOf = (signedIn: boolean): LighthousePreset => (signedIn ? "desktop" : "mobile");

/** Pages outside the login gate that show a signed-in visitor their own content: scored signed in. */
const SIGNED_IN_PAGES = new Set(["subscription"]);

interface RouteToScore {
  route: string;
  signedIn: boolean;
  budget?: number;
  /** Documentation pages past the representative set: their scripts are measured, Lighthouse skips them. */
  lighthouse: boolean;
}

const distDir = path.join(repoRoot, "apps/web/dist");
const ACCESS_KEY_STORAGE_KEY = "precis.accessKey";
/**
 * Issue 8: every documentation page loads at most 250 kB of gzipped JavaScript first; /login at most 285 kB since
 * issue 41 took antd from its public modules only (decision 033).
 */
const BUDGET_BYTES = 250_000;
const LOGIN_BUDGET_BYTES = 285_000;
/** Documentation pages Lighthouse scores: the index, the longest page (FAQ) and the one whose path follows the short name. */
const SCORED_DOCS_PAGES = new Set<DocsPageId>(["overview", "faq", "search-optimizer"]);

/** A path no page has: the catch-all's "Page not found". */
const NOT_FOUND_PATH = "/no-such-page";

/**
 * The paths to load for a page whose path has parameters, by the page table's page id; the values come from the
 * contract, with the server's short name, so they follow the app.
 */
const PARAMETER_PATHS: Record<string, (productShortName: string) => string[]> = {
  // /profile is the User settings tab (the app rewrites it to /profile/UserSettings); then the other tabs.
  profile: (shortName) => [
    "/profile",
    ...profileTabs.filter((tab) => tab !== "user").map((tab) => `/profile/${getProfileTabId(tab, shortName)}`),
  ],
  docs: (shortName) =>
    docsPageIds.map((pageId) => {
      const slug = getDocsPageSlug(pageId, shortName);
      return slug ? `${DOCS_BASE_PATH}/${slug}` : DOCS_BASE_PATH;
    }),
  // The catch-all: a path no page has.
  "not-found": () => [NOT_FOUND_PATH],
};

/**
 * Every page of the page table (@precis/pages), each path of it the bench loads.
 * - Signed in, with a fresh verified account: the pages behind the login gate (/, /greet, /redirect, /change-email, each
 *   profile tab), and /subscription (SIGNED_IN_PAGES). Signed out, the gate's pages all show the same "You haven't
 *   logged in" box.
 * - Signed out: the rest. /verify-email, /login/reset-password and /account/deletion/cancel are loaded without
 *   the emailed link's code (what a stale or hand-typed link shows); /account/deletion/scheduled, without the
 *   state the deletion leaves, sends the visitor on to /.
 * A page with parameters and no entry in PARAMETER_PATHS is not measured, and the notes say so.
 */
function listRoutes(productShortName: string) {
  const matchPage = createPageMatcher(routeTable);
  const routes: RouteToScore[] = [];
  const unmeasured: string[] = [];
  for (const page of routeTable) {
    const paths = /[:*]/.test(page.path) ? PARAMETER_PATHS[page.id]?.(productShortName) : [page.path];
    if (!paths) {
      unmeasured.push(page.path);
      continue;
    }
    for (const route of paths) {
      if (matchPage(route)?.id !== page.id) throw new Error(`bench: ${route} is not a path of the page ${page.id}`);
      const isDocs = page.id === "docs";
      routes.push({
        route,
        signedIn: Boolean(page.requiresLogin || SIGNED_IN_PAGES.has(page.id)),
        ...(isDocs ? { budget: BUDGET_BYTES } : page.id === "login" ? { budget: LOGIN_BUDGET_BYTES } : {}),
        lighthouse:
          !isDocs ||
          SCORED_DOCS_PAGES.has(
            findDocsPageIdBySlug(route.slice(DOCS_BASE_PATH.length + 1), productShortName) ?? "overview",
          ),
      });
    }
  }
  return { routes, unmeasured };
}

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
/**
 * Lighthouse runs per route; the table shows their median performance score. Three, not Lighthouse's advised
 * five: 25 paths are scored now (of 32: 7 documentation pages only measured), and at five runs the front-end part
 * would take about 20 minutes on this 2-core machine; three take about 12, and their median still drops an outlier.
 */
const LIGHTHOUSE_RUNS = 3;
/**
 * The bare build is scored before every BARE_EVERY-th route, not before each: it is one page of a few kB, so its
 * score moves only with the machine's load (1.00 in every run while this was written), and scoring it less often
 * buys time for the routes. Each row shows the latest bare score taken before its runs (at most BARE_EVERY - 1
 * routes earlier).
 */
const BARE_EVERY = 3;

function median(values: number[]) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
const chromeArgs = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"];

const gzipSizeOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
/** Bytes in kB as the budgets count them: 1 kB = 1,000 bytes. */
export const toKilobytes = (bytes: number) => (bytes / 1000).toFixed(1);

/** The smallest app of the same kind, built in this run with the same Vite: React, react-dom and a data router. */
async function buildBareApp() {
  const root = path.join(workDir, "bare-app");
  mkdirSync(root, { recursive: true });
  writeFileSync(
    path.join(root, "index.html"),
    '<!doctype html><html lang="en"><head><title>Bare</title></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  writeFileSync(
    path.join(root, "main.js"),
    `import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider, Link } from "react-router";
const router = createBrowserRouter([
  { path: "/", element: createElement(Link, { to: "/about" }, "About") },
  { path: "/about", element: createElement("p", null, "About") },
]);
createRoot(document.getElementById("root")).render(createElement(RouterProvider, { router }));
`,
  );
  const { build } = await import("vite");
  const outDir = path.join(root, "dist");
  await build({ root, configFile: false, logLevel: "silent", build: { outDir, emptyOutDir: true } });
  const assets = path.join(outDir, "assets");
  const gzipBytes = readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .reduce((sum, file) => sum + gzipSizeOf(path.join(assets, file)), 0);
  return { gzipBytes, root, outDir };
}

/**
 * The bare build served by Vite's own preview server, for a Lighthouse reference: what the same preset
 * scores on this machine, at this moment, for the smallest React app. Lighthouse's simulated phone runs
 * the page's main-thread tasks four times slower than they ran here, so its score follows the machine's
 * speed and load; the reference shows which share of a route's score is the machine's.
 */
async function serveBareApp(bare: { root: string; outDir: string }) {
  const { preview } = await import("vite");
  const port = await findFreePort();
  const server = await preview({
    root: bare.root,
    configFile: false,
    logLevel: "silent",
    build: { outDir: bare.outDir },
    preview: { host: "127.0.0.1", port, strictPort: true },
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/**
 * A fresh account, registered inside this browser context and its address proven with the code the server
 * emailed, as every user of the portal past their first minutes has it: an unproven account gets no
 * verification banner and is rare, so it is not what a signed-in page is scored for. Returns the
 * access key the app keeps beside the session cookie.
 */
async function registerVerifiedAccount(request: APIRequestContext, server: RunningServer, mailOutbox: string) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ca`;
  const response = await request.post(`${server.url}/api/register`, {
    headers: { "x-requested-with": "XMLHttpRequest" },
    data: { email, password: "Tribunal2024x" },
  });
  if (!response.ok()) throw new Error(`register: ${response.status()}`);
  const accessKey = response.headers()["x-access-key"] ?? "";
  const code = await readEmailedCode(mailOutbox, email);
  const verified = await request.post(`${server.url}/api/verify-email`, {
    headers: { "x-requested-with": "XMLHttpRequest", "x-access-key": accessKey },
    data: { code },
  });
  if (!verified.ok()) throw new Error(`verify-email: ${verified.status()} ${await verified.text()}`);
  return accessKey;
}

/** The verification code in the server's email to `email` (an .eml file of its outbox), once the mail worker wrote it. */
async function readEmailedCode(mailOutbox: string, email: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = existsSync(mailOutbox) ? readdirSync(mailOutbox) : [];
    for (const file of files) {
      const message = readFileSync(path.join(mailOutbox, file), "utf8");
      if (!message.includes(email)) continue;
      // Alone on its line of the text part: letters and digits of the security-code alphabet.
      const code = /^([A-HJ-NP-Z2-9]{6,})$/m.exec(message)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification email to ${email} in ${mailOutbox}`);
}

/** A fresh verified account, signed in inside this browser context (cookie and the access key the app keeps). */
async function signInContext(context: BrowserContext, server: RunningServer, mailOutbox: string) {
  const accessKey = await registerVerifiedAccount(context.request, server, mailOutbox);
  await context.addInitScript(
    ([name, value]) => window.localStorage.setItem(name as string, value as string),
    [ACCESS_KEY_STORAGE_KEY, accessKey],
  );
}

/** The JavaScript files a route fetches until the network is quiet, and their gzipped size. */
async function measureRouteScripts(
  server: RunningServer,
  mailOutbox: string,
  manifestFiles: Set<string>,
  routes: RouteToScore[],
) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
  try {
    const results: FrontEndFigures["routes"] = [];
    for (const { route, signedIn, budget } of routes) {
      const context = await browser.newContext();
      // Only this server: every other address is refused.
      await context.route(
        (url) => url.hostname !== "127.0.0.1",
        (request) => request.abort(),
      );
      if (signedIn) await signInContext(context, server, mailOutbox);
      const page = await context.newPage();
      const files = new Set<string>();
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (request.resourceType() === "script" && url.hostname === "127.0.0.1") files.add(url.pathname);
      });
      await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
      await context.close();
      const loaded = [...files].map((file) => file.replace(/^\//, ""));
      const missing = loaded.filter((file) => !manifestFiles.has(file));
      if (missing.length) throw new Error(`${route} loaded scripts the manifest does not list: ${missing.join(", ")}`);
      results.push({
        route,
        signedIn,
        files: loaded,
        gzipBytes: loaded.reduce((sum, file) => sum + gzipSizeOf(path.join(distDir, file)), 0),
        ...(budget ? { budgetBytes: budget } : {}),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** What a run fetched over the network, from Lighthouse's own audits of it. */
function transferFiguresOf(lhr: LighthouseResult): TransferFigures {
  const details = lhr.audits["network-requests"]?.details as
    | { items?: { resourceType?: string; transferSize?: number; resourceSize?: number; statusCode?: number }[] }
    | undefined;
  const scripts = (details?.items ?? []).filter((item) => item.resourceType === "Script");
  return {
    pageTransferBytes: lhr.audits["total-byte-weight"]?.numericValue ?? 0,
    scripts: scripts.length,
    scriptsFromCache: scripts.filter((item) => !item.transferSize || item.statusCode === 304).length,
    scriptTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptResourceBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
  };
}

/** Why a run missed a goal: its metrics and top opportunities (performance), its failed audits (accessibility). */
function findingsOf(lhr: LighthouseResult, performanceMissed: boolean, accessibilityMissed: boolean) {
  const findings: string[] = [];
  if (performanceMissed) {
    const metrics = [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ]
      .map((id) => lhr.audits[id])
      .filter((audit) => audit?.displayValue)
      .map((audit) => `${audit?.title} ${audit?.displayValue} (score ${audit?.score})`);
    findings.push(`metrics: ${metrics.join(", ")}`);
    const opportunities = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.metricSavings &&
          Object.values(audit.metricSavings).some((saving) => (saving ?? 0) > 0),
      )
      .sort(
        (a, b) =>
          (b.metricSavings?.LCP ?? 0) +
          (b.metricSavings?.FCP ?? 0) +
          (b.metricSavings?.TBT ?? 0) -
          ((a.metricSavings?.LCP ?? 0) + (a.metricSavings?.FCP ?? 0) + (a.metricSavings?.TBT ?? 0)),
      )
      .slice(0, 4)
      .map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    if (opportunities.length) findings.push(`opportunities: ${opportunities.join("; ")}`);
  }
  if (accessibilityMissed) {
    const failed = (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.scoreDisplayMode === "binary" && audit.score === 0)
      .map((audit) => `${audit?.id}`);
    findings.push(`failed accessibility audits: ${failed.join(", ") || "none listed"}`);
  }
  return findings;
}

const kB = (bytes: number) => `${toKilobytes(bytes)} kB`;

/**
 * Lighthouse 12, LIGHTHOUSE_RUNS runs a route, each with a cold HTTP cache: signed-out routes on the default (mobile)
 * preset, signed-in routes on the desktop preset (PERFORMANCE_GOALS).
 *
 * Lighthouse's storage reset (on unless disableStorageReset) does two things before each navigation:
 * Network.clearBrowserCache, which empties the whole HTTP cache, and Storage.clearDataForOrigin with
 * clearStorageTypes, whose default in Lighthouse 12 is file systems, shader cache, service workers and cache
 * storage: not cookies, not localStorage. So the reset stays on for every run, and only the storage types change:
 * - signed-out routes, scored first in a fresh profile: every type ("all"), so each run is a first visit;
 * - signed-in routes, scored after one account signs in: Lighthouse's four, so the session cookie and the
 *   access key in localStorage survive (checked after each route's runs) and nothing else is kept.
 * Each run's transfer sizes (TransferFigures) show the cache was cold: its scripts came over the network.
 */
async function runLighthouse(
  server: RunningServer,
  mailOutbox: string,
  routes: FrontEndFigures["routes"],
  bareUrl: string,
  toScore: Set<string>,
) {
  const port = await findFreePort();
  // A fresh profile: nothing from an earlier bench run (cache, cookies, storage) may be in it.
  const profileDir = path.join(workDir, "lighthouse-profile");
  rmSync(profileDir, { recursive: true, force: true });
  // A persistent context, so the pages Lighthouse opens through the debugging port share its cookies.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromePath,
    // Only this machine: every other host name fails to resolve. Chromium's own rule, not Playwright's request
    // interception (context.route), which holds each request of Lighthouse's tab until this process answers: while
    // Lighthouse computed a run here, the next run's page loads stalled, and runs ended without a largest paint.
    args: [
      ...chromeArgs,
      `--remote-debugging-port=${port}`,
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // Signed-out routes first, in the fresh profile; then the signed-in ones, with one fresh verified account.
    const ordered = [...routes.filter((entry) => !entry.signedIn), ...routes.filter((entry) => entry.signedIn)].filter(
      (entry) => toScore.has(entry.route),
    );
    let sessionCookies: string[] | null = null;
    let barePerformance: number | null = null;
    for (const [index, entry] of ordered.entries()) {
      if (entry.signedIn && !sessionCookies) {
        const accessKey = await registerVerifiedAccount(context.request, server, mailOutbox);
        sessionCookies = (await context.cookies(server.url)).map((cookie) => cookie.name);
        if (!sessionCookies.length) throw new Error("register set no cookie");
        // Written once, on a page of the site that runs no app code: it must survive the runs on its own.
        await page.goto(`${server.url}/api/health`);
        await page.evaluate(
          ([name, value]) => window.localStorage.setItem(name as string, value as string),
          [ACCESS_KEY_STORAGE_KEY, accessKey],
        );
      }
      // The reference, in the same browser, at most BARE_EVERY - 1 routes before this one.
      if (index % BARE_EVERY === 0) {
        const bareRun = await lighthouse(bareUrl, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        barePerformance = bareRun?.lhr.categories.performance?.score ?? null;
      }
      // Lighthouse's own advice: its score moves from run to run, so report the median of several.
      const runs: {
        performance: number | null;
        accessibility: number | null;
        error?: string;
        lhr?: LighthouseResult;
      }[] = [];
      const transfers: TransferFigures[] = [];
      const preset = presetOf(entry.signedIn);
      const performanceGoal = PERFORMANCE_GOALS[preset];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        const result = await lighthouse(
          `${server.url}${entry.route}`,
          {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            disableStorageReset: false,
            // The catch-all answers 404 (issue 43), which Lighthouse otherwise refuses to score as a page that failed.
            ignoreStatusCode: entry.route === NOT_FOUND_PATH,
            clearStorageTypes: entry.signedIn
              ? ["file_systems", "shader_cache", "service_workers", "cache_storage"]
              : ["all"],
            blockedUrlPatterns: ["*://*.stripe.com/*", "*://*.google.com/*", "*://*.googleapis.com/*"],
          },
          // The default config is the mobile preset; the desktop one changes the screen, throttling and form factor.
          preset === "desktop" ? desktopConfig : undefined,
        );
        const lhr = result?.lhr;
        const categories = lhr?.categories;
        // A run without a performance score: Lighthouse's runtime error, or the metric audits that failed (NO_LCP…).
        const failedMetrics = Object.values(lhr?.audits ?? {})
          .filter((audit) => audit.scoreDisplayMode === "error")
          .filter((audit) => categories?.performance?.auditRefs.some((ref) => ref.id === audit.id))
          .map((audit) => `${audit.id}: ${audit.errorMessage}`);
        const error =
          lhr?.runtimeError?.code ??
          (lhr && categories?.performance?.score == null && failedMetrics.length
            ? failedMetrics.join("; ")
            : undefined);
        if (lhr?.runWarnings.length) console.log(`    ${entry.route} run ${run + 1}: ${lhr.runWarnings.join(" ")}`);
        if (lhr) transfers.push(transferFiguresOf(lhr));
        runs.push({
          performance: categories?.performance?.score ?? null,
          accessibility: categories?.accessibility?.score ?? null,
          ...(error ? { error } : {}),
          ...(lhr ? { lhr } : {}),
        });
      }
      let stayedSignedIn: boolean | undefined;
      if (entry.signedIn && sessionCookies) {
        const cookies = (await context.cookies(server.url)).map((cookie) => cookie.name);
        const accessKey = await page.evaluate((name) => window.localStorage.getItem(name), ACCESS_KEY_STORAGE_KEY);
        stayedSignedIn = sessionCookies.every((name) => cookies.includes(name)) && Boolean(accessKey);
      }
      const scores = (pick: (run: (typeof runs)[number]) => number | null) =>
        runs.map(pick).filter((score): score is number => score !== null);
      const performance = scores((run) => run.performance);
      const accessibility = scores((run) => run.accessibility);
      const error = runs.find((run) => run.error)?.error;
      const medianPerformance = median(performance);
      const worstAccessibility = accessibility.length ? Math.min(...accessibility) : null;
      // The findings of the run closest to the median performance, or of the worst accessibility run.
      const performanceMissed = medianPerformance !== null && medianPerformance < performanceGoal;
      const accessibilityMissed = worstAccessibility !== null && worstAccessibility < 1;
      const findings: string[] = [];
      // With an even count of scored runs the median is no run's score: the run nearest to it.
      const medianRun = runs
        .filter((run) => run.performance !== null)
        .sort(
          (a, b) =>
            Math.abs((a.performance ?? 0) - (medianPerformance ?? 0)) -
            Math.abs((b.performance ?? 0) - (medianPerformance ?? 0)),
        )[0];
      const worstAccessibilityRun = runs.find((run) => run.accessibility === worstAccessibility);
      if (performanceMissed && medianRun?.lhr) findings.push(...findingsOf(medianRun.lhr, true, false));
      if (accessibilityMissed && worstAccessibilityRun?.lhr)
        findings.push(...findingsOf(worstAccessibilityRun.lhr, false, true));
      entry.lighthouse = {
        preset,
        performanceGoal,
        performance: medianPerformance,
        performanceRuns: performance,
        // The worst run: accessibility must hold every time.
        accessibility: worstAccessibility,
        ...(error ? { error } : {}),
        barePerformance,
        transfers,
        ...(stayedSignedIn === undefined ? {} : { stayedSignedIn }),
        ...(findings.length ? { findings } : {}),
      };
      const fromCache = transfers.reduce((sum, figures) => sum + figures.scriptsFromCache, 0);
      console.log(
        `  Lighthouse ${entry.route} (${preset}): performance ${medianPerformance} (goal ${performanceGoal}; runs ${performance.join(", ")}; bare build ${barePerformance}), accessibility ${worstAccessibility}; ` +
          `scripts over the network ${transfers.map((figures) => `${figures.scripts - figures.scriptsFromCache}/${figures.scripts} (${kB(figures.scriptTransferBytes)})`).join(", ")}` +
          (fromCache ? `, ${fromCache} FROM CACHE` : "") +
          (stayedSignedIn === false ? "; SIGNED OUT during the runs" : ""),
      );
      for (const finding of findings) console.log(`    ${finding}`);
    }
  } finally {
    await context.close();
  }
}

const manifestPath = path.join(distDir, ".vite/manifest.json");

/** The app server serves apps/web/dist only if it exists when it starts: build first when there is none. */
/** What the front-end part needs before the servers start: the web build, and Chromium (as `npm test` finds it). */
export function ensureWebBuildAndBrowser() {
  execFileSync(process.execPath, [path.join(repoRoot, "scripts/ensure-chromium.mjs")], { stdio: "inherit" });
  if (existsSync(manifestPath)) return;
  console.log("Building the web app (npm run build)…");
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "ignore" });
}

export async function measureFrontEnd(options: {
  server: RunningServer;
  /** Where the server writes its emails (no SMTP_URL): the signed-in routes' account is verified with its code. */
  mailOutbox: string;
  lighthouse: boolean;
  /** Only these paths (--routes=…); every path of the page table when absent. */
  onlyRoutes?: string[];
}): Promise<FrontEndFigures> {
  const notes: string[] = [];
  notes.push(`Web build measured: apps/web/dist built at ${statSync(manifestPath).mtime.toISOString()}.`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, { file: string }>;
  const manifestFiles = new Set(Object.values(manifest).map((chunk) => chunk.file));

  const clientConfig = (await (await fetch(`${options.server.url}/api/client-config`)).json()) as {
    productShortName: string;
  };
  const { routes: everyRoute, unmeasured } = listRoutes(clientConfig.productShortName);
  const unknownRoutes = options.onlyRoutes?.filter((route) => !everyRoute.some((entry) => entry.route === route));
  if (unknownRoutes?.length) {
    throw new Error(
      `bench: --routes names paths it does not measure: ${unknownRoutes.join(", ")}; it measures ${everyRoute.map((entry) => entry.route).join(", ")}`,
    );
  }
  const toMeasure = options.onlyRoutes
    ? everyRoute.filter((entry) => options.onlyRoutes?.includes(entry.route))
    : everyRoute;
  const docsRoutes = toMeasure.filter((entry) => entry.route.startsWith(DOCS_BASE_PATH));
  notes.push(
    `Routes: ${options.onlyRoutes ? `only ${options.onlyRoutes.join(", ")} (--routes) of` : "every page of"} the page table (@precis/pages), ${toMeasure.length} paths (${toMeasure.filter((entry) => entry.signedIn).length} signed in, with one fresh account whose address was proven with the emailed code, as a user has it past their first minutes): ` +
      `each profile tab; all ${docsRoutes.length} documentation pages for their scripts, Lighthouse on ${docsRoutes
        .filter((entry) => entry.lighthouse)
        .map((entry) => entry.route)
        .join(
          ", ",
        )} (one page component; each page adds only its own Markdown chunk); the catch-all as /no-such-page.` +
      (unmeasured.length
        ? ` PAGES NOT MEASURED (paths with parameters the bench has no values for): ${unmeasured.join(", ")}.`
        : ""),
  );
  if (unmeasured.length) console.log(`  Pages of the page table the bench does not measure: ${unmeasured.join(", ")}`);

  const bare = await buildBareApp();
  const bareGzipBytes = bare.gzipBytes;
  const routes = await measureRouteScripts(options.server, options.mailOutbox, manifestFiles, toMeasure);
  for (const route of routes) {
    console.log(`  ${route.route}: ${route.files.length} scripts, ${toKilobytes(route.gzipBytes)} kB gzip`);
  }
  notes.push(
    "JS loaded first = every script the route requests in Chromium until the network is quiet, each a file of the Vite manifest, gzip level 9.",
    "Sizes and budgets in kB are 1,000 bytes. Signed-in routes are measured with a fresh verified account.",
  );
  if (options.lighthouse) {
    const toScore = new Set(toMeasure.filter((entry) => entry.lighthouse).map((entry) => entry.route));
    const startedAt = Date.now();
    const bareServer = await serveBareApp(bare);
    try {
      await runLighthouse(options.server, options.mailOutbox, routes, bareServer.url, toScore);
    } finally {
      await bareServer.close();
    }
    const scored = routes.filter((route) => route.lighthouse);
    const transfers = scored.flatMap((route) => route.lighthouse?.transfers ?? []);
    const fromCache = scored.filter((route) =>
      route.lighthouse?.transfers.some((figures) => figures.scriptsFromCache > 0),
    );
    const signedOutDuringRuns = scored.filter((route) => route.lighthouse?.stayedSignedIn === false);
    const medianOf = (values: number[]) => median(values) ?? 0;
    notes.push(
      `Lighthouse 12: signed-out routes on the mobile preset (goal ≥ ${PERFORMANCE_GOALS.mobile.toFixed(2)}), signed-in routes on the desktop preset (goal ≥ ${PERFORMANCE_GOALS.desktop.toFixed(2)}), accessibility 1.00 everywhere; cold HTTP cache on every run; signed-in routes keep only the session cookie and access key. ` +
        `Lighthouse's storage reset empties the browser's HTTP cache (Network.clearBrowserCache) before each run; signed-out routes also clear every ` +
        `storage of the origin (cookies, localStorage…), signed-in routes Lighthouse's default types only (not cookies, not localStorage). ` +
        `${scored.length} routes × ${LIGHTHOUSE_RUNS} runs (median shown) in ${Math.round((Date.now() - startedAt) / 1000)} s.`,
      `Cold cache, shown by transfer sizes: ${transfers.length} runs fetched ${transfers.reduce((sum, figures) => sum + figures.scripts, 0)} scripts, ` +
        `${transfers.reduce((sum, figures) => sum + figures.scriptsFromCache, 0)} of them from the HTTP cache (transfer 0 bytes or 304)` +
        (fromCache.length ? `: WARM CACHE in ${fromCache.map((route) => route.route).join(", ")}` : "") +
        `. Per route, median run: scripts' transfer / decoded size, page transfer — ${scored
          .map((route) => {
            const figures = route.lighthouse?.transfers ?? [];
            return `${route.route} ${kB(medianOf(figures.map((f) => f.scriptTransferBytes)))} / ${kB(medianOf(figures.map((f) => f.scriptResourceBytes)))}, ${kB(medianOf(figures.map((f) => f.pageTransferBytes)))}`;
          })
          .join("; ")}.`,
      signedOutDuringRuns.length
        ? `SIGNED OUT during the runs (session cookie or access key gone afterwards): ${signedOutDuringRuns.map((route) => route.route).join(", ")}.`
        : "Signed-in routes: after each one's runs the session cookie and the access key were still in the browser.",
      `Lighthouse reference: the bare build, served by Vite's preview server, scored in the same browser before every ${BARE_EVERY}rd route's runs (its score follows the machine's load only; the row shows the latest).`,
      ...scored
        .filter((route) => route.lighthouse?.findings)
        .map((route) => `Below a goal, ${route.route}: ${route.lighthouse?.findings?.join(" — ")}.`),
    );
  } else notes.push("Lighthouse was skipped (--no-lighthouse).");
  return { bareGzipBytes, routes, notes };
}
