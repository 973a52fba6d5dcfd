import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { summarySamples } from "../apps/web/src/features/profile/content/memo-preview-samples.ts";
import { type Language, useBrowser } from "./support/browser.ts";
import { overrideEmbeddedClientConfig } from "./support/client-config.ts";

const distDir = fileURLToPath(new URL("../apps/web/dist", import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;

/** The chunks a module pulls in before it runs: itself and its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}
const sourcesOf = (keys: Set<string>) => [...keys].map((key) => manifest[key]?.src ?? key);
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? "";

describe("the build's chunks", () => {
  it("load the documentation without the account screens' code", () => {
    const docsRoute = Object.keys(manifest).find((key) => key.endsWith("features/docs/routes/docs-route.tsx"));
    expect(docsRoute).toBeDefined();
    const loaded = sourcesOf(new Set([...staticClosure(entryKey), ...staticClosure(docsRoute ?? "")]));
    expect(loaded.length).toBeGreaterThan(1);
    const accountCode = loaded.filter((source) =>
      /features\/(auth\/routes|profile|memo-settings|subscription|home)\//.test(source),
    );
    expect(accountCode).toEqual([]);
  });

  it("keep each page in a lazy chunk of its own, out of the entry", () => {
    const entryClosure = sourcesOf(staticClosure(entryKey));
    expect(entryClosure.some((source) => source.includes("features/docs/"))).toBe(false);
    expect(entryClosure.some((source) => source.includes("features/home/routes"))).toBe(false);
  });

  it("leave zod out of the documentation's and /login's first load", () => {
    // The shell, the entry, a docs page and /login render without zod (10 kB gzip); forms load it
    // when they are sent, the registration and profile pages with the page.
    const routeOf = (suffix: string) => Object.keys(manifest).find((key) => key.endsWith(suffix)) ?? "";
    const shell = routeOf("app/layout/app-shell.tsx");
    const docsFirstLoad = new Set([
      ...staticClosure(entryKey),
      ...staticClosure(shell),
      ...staticClosure(routeOf("features/docs/routes/docs-route.tsx")),
    ]);
    const loginFirstLoad = new Set([
      ...staticClosure(entryKey),
      ...staticClosure(routeOf("features/auth/routes/login-route.tsx")),
    ]);
    const withZod = [...docsFirstLoad, ...loginFirstLoad].filter((key) => {
      const code = readFileSync(path.join(distDir, manifest[key]?.file ?? ""), "utf8");
      return code.includes("invalid_type") || code.includes("ZodError");
    });
    // The entry, the framework, the route and the chunks it imports.
    expect(loginFirstLoad.size).toBeGreaterThan(3);
    expect(withZod).toEqual([]);
    // The probe itself must be able to find zod, or the assertion above proves nothing.
    const zodChunks = Object.values(manifest).filter((chunk) =>
      readFileSync(path.join(distDir, chunk.file), "utf8").includes("invalid_type"),
    );
    expect(zodChunks.length).toBeGreaterThan(0);
  });

  it("load /login and /register without the Firebase SDK, which only the SSO buttons import on demand", () => {
    const firebaseChunks = Object.keys(manifest).filter((key) => /node_modules\/(firebase|@firebase)\//.test(key));
    // The SDK is in the build (so the test is not vacuous), as chunks of its own.
    expect(firebaseChunks.length).toBeGreaterThan(0);
    for (const route of ["features/auth/routes/login-route.tsx", "features/auth/routes/register-route.tsx"]) {
      const routeKey = Object.keys(manifest).find((key) => key.endsWith(route));
      expect(routeKey).toBeDefined();
      const loaded = new Set([...staticClosure(entryKey), ...staticClosure(routeKey ?? "")]);
      expect(loaded.size).toBeGreaterThan(1);
      expect([...loaded].filter((key) => firebaseChunks.includes(key))).toEqual([]);
      // And no chunk it loads bundles the SDK's code inline.
      const code = [...loaded].map((key) => readFileSync(path.join(distDir, manifest[key]?.file ?? ""), "utf8"));
      expect(code.some((text) => text.includes("identitytoolkit.googleapis.com"))).toBe(false);
    }
  });

  it("keep the memo preview's sample text in the memo settings tab's code only", () => {
    const sample = summarySamples.Short.blocks[0];
    const needle = sample?.kind === "paragraph" ? sample.text.slice(0, 60) : "";
    expect(needle.length).toBe(60);
    const routeOf = (suffix: string) => Object.keys(manifest).find((key) => key.endsWith(suffix)) ?? "";
    const textOf = (keys: Set<string>) =>
      [...keys].map((key) => readFileSync(path.join(distDir, manifest[key]?.file ?? ""), "utf8")).join("\n");
    const memoTab = staticClosure(routeOf("features/profile/components/memo-settings.tsx"));
    expect(textOf(memoTab)).toContain(needle);
    // Not even the profile page's first screen, which opens on the user settings tab, loads it.
    const firstScreens = [
      "features/auth/routes/login-route.tsx",
      "features/docs/routes/docs-route.tsx",
      "app/routes/profile-page.tsx",
    ];
    for (const route of firstScreens) {
      const loaded = new Set([...staticClosure(entryKey), ...staticClosure(routeOf(route))]);
      expect(textOf(loaded)).not.toContain(needle);
    }
  });
});

/**
 * The JavaScript /login and a documentation page load first, gzip level 9, in bytes (1 kB = 1,000 bytes), in
 * each language: a French visitor also loads antd's French texts. Issue 8's 250 kB holds for the documentation;
 * /login's is 285 kB since issue 41 took antd from its public modules only (decision 033: its Input with
 * TextArea, Search and Group, Form.Item's own Tooltip and grid, and no merged chunks, about 28 kB).
 */
const FIRST_LOAD_BUDGET_BYTES: Record<string, number> = {
  "/login": 285_000,
  "/document": 250_000,
  "/document/faq": 250_000,
};

describe("the JavaScript a page loads first (measured like bench/frontend.ts)", () => {
  const { openPage } = useBrowser();

  /** Every script the page requests until the network is quiet, gzipped from apps/web/dist. */
  async function firstLoad(route: string, language: Language) {
    const page = await openPage({ language });
    // As on the bench's server, SSO is not configured: with it, the SSO buttons fetch the Firebase
    // SDK once the page is up, ready for a click (this suite's server has the Auth Emulator).
    await overrideEmbeddedClientConfig(page, { sso: { isConfigured: false } });
    const scripts = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(route, { waitUntil: "networkidle" });
    expect(scripts.size).toBeGreaterThan(1);
    let total = 0;
    for (const script of scripts) total += gzipSync(readFileSync(path.join(distDir, script)), { level: 9 }).length;
    return { gzipBytes: total };
  }

  const routes = Object.keys(FIRST_LOAD_BUDGET_BYTES);
  const languages: Language[] = ["en", "fr"];
  it.each(routes.flatMap((route) => languages.map((language) => [route, language] as const)))(
    "%s in %s stays within its budget",
    async (route, language) => {
      const { gzipBytes } = await firstLoad(route, language);
      expect(gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES[route] ?? 0);
    },
  );
});

describe("the account forms' layout", () => {
  const { openPage } = useBrowser();

  it.each(["/login", "/register"])(
    "%s lays its form out as antd does, served and after the app has started",
    async (route) => {
      const page = await openPage();
      await page.goto(route);

      // Each field's label sits above its control, and the control fills its field's width.
      const form = page.locator('form:has(input[id$="_email"])');
      const [labelBox, inputBox, fieldBox] = await Promise.all([
        form.locator('label[for$="_email"]').boundingBox(),
        form.locator('input[id$="_email"]').boundingBox(),
        form.locator('.ant-form-item:has(input[id$="_email"])').boundingBox(),
      ]);
      expect(labelBox && inputBox && fieldBox).toBeTruthy();
      if (!labelBox || !inputBox || !fieldBox) return;
      expect(labelBox.y + labelBox.height).toBeLessThanOrEqual(inputBox.y);
      expect(inputBox.width).toBeGreaterThan(fieldBox.width * 0.9);
    },
  );
});

describe("stylesheets (decision 033)", () => {
  const { openPage } = useBrowser();

  it.each(["/login", "/register", "/document"])(
    "%s arrives with every style it needs and asks for antd's stylesheet only, once the app starts",
    async (route) => {
      const page = await openPage();
      const stylesheetRequests: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "stylesheet" || new URL(request.url()).pathname.endsWith(".css"))
          stylesheetRequests.push(request.url());
      });
      await page.goto(route);
      // The app's styles are one stylesheet, inline in the page: a route's own stylesheet, fetched by the
      // route's code once it loaded, was a request and a restyle of the whole page for rules already there.
      // antd's component styles, for what the page shows next (a menu, an error), are one stylesheet the
      // app adds as it starts, which holds back no paint.
      await page.waitForLoadState("networkidle");
      expect(stylesheetRequests.map((url) => new URL(url).pathname)).toEqual([
        expect.stringMatching(/^\/assets\/antd-[\w-]+\.css$/),
      ]);
    },
  );

  it("still starts the app when antd's stylesheet cannot load, on the styles the server sent", async () => {
    const page = await openPage();
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await page.route(/\/assets\/antd-[\w-]+\.css$/, (route) => route.abort());
    // goto returns once the app has taken over the server's HTML (e2e/support/browser.ts).
    await page.goto("/login");
    const email = page.getByLabel("Email");
    await email.fill("marie@example.ca");
    expect(await email.inputValue()).toBe("marie@example.ca");
    expect(await page.getByRole("button", { name: "Login", exact: true }).isEnabled()).toBe(true);
    expect(consoleErrors).toContainEqual(expect.stringMatching(/^antd's stylesheet \/assets\/antd-.+ did not load$/));
  });
});
