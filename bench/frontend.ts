import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { type BrowserContext, chromium } from "playwright-core";
import { findFreePort } from "../apps/server/test/private-postgres.ts";
import { type RunningServer, repoRoot, workDir } from "./lib/processes.ts";

export interface FrontEndFigures {
  bareGzipBytes: number;
  routes: {
    route: string;
    signedIn: boolean;
    files: string[];
    gzipBytes: number;
    budgetBytes?: number;
    /** Scores from 0 to 1; null when Lighthouse could not score the page (`error` says why). */
    lighthouse?: {
      /** The median of LIGHTHOUSE_RUNS runs. */
      performance: number | null;
      performanceRuns: number[];
      accessibility: number | null;
      error?: string;
      /** The bare build's performance score, Lighthouse run just before this route's runs (null if it failed). */
      barePerformance: number | null;
    };
  }[];
  notes: string[];
}

const distDir = path.join(repoRoot, "apps/web/dist");
const ACCESS_KEY_STORAGE_KEY = "precis.accessKey";
/** Issue 8: /login and every documentation page load at most 250 kB of gzipped JavaScript first. */
const BUDGET_BYTES = 250_000;
const ROUTES = [
  { route: "/", signedIn: true },
  { route: "/login", signedIn: false, budget: BUDGET_BYTES },
  { route: "/register", signedIn: false },
  { route: "/profile", signedIn: true },
  { route: "/subscription", signedIn: true },
  { route: "/document", signedIn: false, budget: BUDGET_BYTES },
  { route: "/document/faq", signedIn: false, budget: BUDGET_BYTES },
];
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
/** Lighthouse runs per route; the table shows their median performance score (five, as Lighthouse advises). */
const LIGHTHOUSE_RUNS = 5;

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

/** A fresh account, signed in inside this browser context (cookie and the access key the app keeps). */
async function signInContext(context: BrowserContext, server: RunningServer) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ca`;
  const response = await context.request.post(`${server.url}/api/register`, {
    headers: { "x-requested-with": "XMLHttpRequest" },
    data: { email, password: "Tribunal2024x" },
  });
  if (!response.ok()) throw new Error(`register: ${response.status()}`);
  const accessKey = response.headers()["x-access-key"] ?? "";
  await context.addInitScript(
    ([name, value]) => window.localStorage.setItem(name as string, value as string),
    [ACCESS_KEY_STORAGE_KEY, accessKey],
  );
}

/** The JavaScript files a route fetches until the network is quiet, and their gzipped size. */
async function measureRouteScripts(server: RunningServer, manifestFiles: Set<string>) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
  try {
    const results: FrontEndFigures["routes"] = [];
    for (const { route, signedIn, budget } of ROUTES) {
      const context = await browser.newContext();
      // Only this server: every other address is refused.
      await context.route(
        (url) => url.hostname !== "127.0.0.1",
        (request) => request.abort(),
      );
      if (signedIn) await signInContext(context, server);
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
        budgetBytes: budget,
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** Lighthouse 12, default (mobile) preset, in a Chromium that stays signed in between routes; LIGHTHOUSE_RUNS runs a route. */
async function runLighthouse(server: RunningServer, routes: FrontEndFigures["routes"], bareUrl: string) {
  const port = await findFreePort();
  const profileDir = path.join(workDir, "lighthouse-profile");
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromePath,
    args: [...chromeArgs, `--remote-debugging-port=${port}`],
  });
  await context.route(
    (url) => url.hostname !== "127.0.0.1",
    (request) => request.abort(),
  );
  try {
    await signInContext(context, server);
    // The init script writes the access key when a page of the site loads.
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}/login`);
    // Signed-in routes first, then the anonymous ones, signed out.
    const ordered = [...routes.filter((entry) => entry.signedIn), ...routes.filter((entry) => !entry.signedIn)];
    for (const entry of ordered) {
      // Lighthouse's storage reset keeps cookies, and a visitor with a session cookie is never served
      // a prerendered page (decision 014): the anonymous routes start without the signed-in one's.
      if (!entry.signedIn) await context.clearCookies();
      // The reference first, in the same browser, within a minute of the route's own runs.
      const bareRun = await lighthouse(bareUrl, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const barePerformance = bareRun?.lhr.categories.performance?.score ?? null;
      // Lighthouse's own advice: its score moves from run to run, so report the median of several.
      const runs: { performance: number | null; accessibility: number | null; error?: string }[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        const result = await lighthouse(`${server.url}${entry.route}`, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
          disableStorageReset: entry.signedIn,
          blockedUrlPatterns: ["*://*.stripe.com/*", "*://*.google.com/*", "*://*.googleapis.com/*"],
        });
        const categories = result?.lhr.categories;
        const error = result?.lhr.runtimeError?.code;
        runs.push({
          performance: categories?.performance?.score ?? null,
          accessibility: categories?.accessibility?.score ?? null,
          ...(error ? { error } : {}),
        });
      }
      const scores = (pick: (run: (typeof runs)[number]) => number | null) =>
        runs.map(pick).filter((score): score is number => score !== null);
      const performance = scores((run) => run.performance);
      const accessibility = scores((run) => run.accessibility);
      const error = runs.find((run) => run.error)?.error;
      entry.lighthouse = {
        performance: median(performance),
        performanceRuns: performance,
        // The worst run: accessibility must hold every time.
        accessibility: accessibility.length ? Math.min(...accessibility) : null,
        ...(error ? { error } : {}),
        barePerformance,
      };
      console.log(
        `  Lighthouse ${entry.route}: performance ${entry.lighthouse.performance} (runs ${performance.join(", ")}; bare build ${barePerformance}), accessibility ${entry.lighthouse.accessibility}`,
      );
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
  lighthouse: boolean;
}): Promise<FrontEndFigures> {
  const notes: string[] = [];
  notes.push(`Web build measured: apps/web/dist built at ${statSync(manifestPath).mtime.toISOString()}.`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, { file: string }>;
  const manifestFiles = new Set(Object.values(manifest).map((chunk) => chunk.file));

  const bare = await buildBareApp();
  const bareGzipBytes = bare.gzipBytes;
  const routes = await measureRouteScripts(options.server, manifestFiles);
  for (const route of routes) {
    console.log(`  ${route.route}: ${route.files.length} scripts, ${toKilobytes(route.gzipBytes)} kB gzip`);
  }
  notes.push(
    "JS loaded first = every script the route requests in Chromium until the network is quiet, each a file of the Vite manifest, gzip level 9.",
    "Sizes and budgets in kB are 1,000 bytes. Signed-in routes are measured with a fresh account.",
  );
  if (options.lighthouse) {
    const bareServer = await serveBareApp(bare);
    try {
      await runLighthouse(options.server, routes, bareServer.url);
    } finally {
      await bareServer.close();
    }
    notes.push(
      "Lighthouse reference: the bare build, served by Vite's preview server, scored in the same browser just before each route's runs.",
    );
  } else notes.push("Lighthouse was skipped (--no-lighthouse).");
  return { bareGzipBytes, routes, notes };
}
