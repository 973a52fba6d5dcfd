import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  ACCESSIBILITY_STATEMENT_PATH,
  DOCS_BASE_PATH,
  docsPageIds,
  getDocsPageSlug,
  LEGAL_DOCUMENT_PATHS,
} from "@precis/contract/docs-pages";
import {
  createPageMatcher,
  LAYOUTS,
  matchPage,
  type Page,
  prerenderedPaths,
  routeTable,
  routeTree,
} from "@precis/pages";
import type { ComponentType } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import type { Plugin, Rolldown } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPreloadHints } from "../../../server/src/plugins/page-preloads.ts";
import { listDocsPaths, loadPrerender } from "../../../server/src/plugins/prerender.ts";
import { supportedLanguages } from "../i18n/languages.ts";
import { pagePreloadsPlugin } from "./build/page-preloads-plugin.ts";
import { routeModulesSource } from "./build/route-modules-plugin.ts";
import { createRoutes, type PageHandle } from "./create-routes.ts";
import { ENTRY_NAMESPACES } from "./page-preloads.ts";

const webRoot = path.resolve(import.meta.dirname, "../..");

/** The fixture: the real table plus a new page, declared once, as a developer adding it would. */
const CHANGELOG: Page = {
  id: "changelog",
  path: "/changelog",
  layout: "shell",
  module: "src/features/changelog/routes/changelog-route.tsx",
  component: "ChangelogRoute",
  preload: "preloadChangelogRoute",
  namespaces: ["changelog"],
  prerender: "own-path",
};
const withChangelog: readonly Page[] = [...routeTable, CHANGELOG];

/** Every lazy module a table names, layouts included. */
const modulesOf = (pages: readonly Page[]) => [
  ...new Set([...Object.values(LAYOUTS).map((layout) => layout.module), ...pages.map((page) => page.module)]),
];

/** The page react-router's own matchRoutes picks for a URL, in the routes the app builds from a table. */
function routerPageId(pages: readonly Page[], pathname: string) {
  return (matchRoutes(routeTree(pages), pathname)?.at(-1)?.route as { page?: Page } | undefined)?.page?.id ?? null;
}

describe("the page table", () => {
  it("names modules that exist, each exporting what the table renders", () => {
    for (const module of modulesOf(routeTable)) expect(existsSync(path.join(webRoot, module)), module).toBe(true);
  });

  it("sends each page's own path to that page, as react-router matches it", () => {
    for (const page of routeTable) {
      const samplePath = page.path.replace("/*", "/a-page").replace(/\/:[^/]+\??/g, "/a-tab");
      expect(matchPage(samplePath)?.id, page.path).toBe(page.id);
    }
    expect(matchPage("/Login/")?.id).toBe("login");
    expect(matchPage("/profile")?.id).toBe("profile");
    expect(matchPage("/document")?.id).toBe("docs");
    expect(matchPage("/no/such/page")?.id).toBe("not-found");
  });

  it("matches every path as react-router does, so the server's hints are those of the page the router opens", () => {
    const samples = routeTable.flatMap((page) => {
      const withParameter = page.path.replace(/\/:[^/]+\??/g, "/a-tab").replace("/*", "/a/b");
      const withoutOptional = page.path.replace(/\/:[^/]+\?/g, "").replace("/*", "");
      return [withParameter, withoutOptional, `${withParameter}/`, withParameter.toUpperCase(), `${withParameter}/x`];
    });
    const extra = ["/", "", "/document", "/document/", "/login/find-user/x", "/profile/a/b", "/a/b/c", "/account"];
    for (const pathname of [...samples, ...extra]) {
      expect(matchPage(pathname)?.id ?? null, pathname).toBe(routerPageId(routeTable, pathname));
    }
    const match = createPageMatcher(withChangelog);
    for (const pathname of ["/changelog", "/Changelog/", "/changelog/x"]) {
      expect(match(pathname)?.id ?? null, pathname).toBe(routerPageId(withChangelog, pathname));
    }
  });

  it("prerenders the pages decision 033 names, at the paths the contract gives them", () => {
    const docsPaths = docsPageIds.map((pageId) =>
      [DOCS_BASE_PATH, getDocsPageSlug(pageId, "Lexi")].filter(Boolean).join("/"),
    );
    const paths = prerenderedPaths({ docsPaths: listDocsPaths("Lexi") });
    expect([...paths.keys()].sort()).toEqual(
      [
        ...docsPaths,
        ...Object.values(LEGAL_DOCUMENT_PATHS),
        ACCESSIBILITY_STATEMENT_PATH,
        "/login",
        "/register",
      ].sort(),
    );
    expect(paths.has("/document/lexi-search")).toBe(true);
  });

  it("refuses a prerendered path that the router sends to another page", () => {
    const wrong: Page = { ...CHANGELOG, prerender: ["/login"] };
    expect(() => prerenderedPaths({ docsPaths: [] }, [...routeTable, wrong])).toThrow(
      /\/login, prerendered for changelog/,
    );
  });

  it("keeps the login gate in the shell", () => {
    const [shell, standalone] = routeTree();
    expect(shell).toMatchObject({ kind: "shell", path: "/", lazyComponent: LAYOUTS.shell });
    const gate = shell?.children?.[0]?.children?.find((node) => node.kind === "login");
    expect(gate?.children?.map((node) => node.page?.id)).toEqual([
      "home",
      "greet",
      "profile",
      "redirect",
      "change-email",
      "firm",
    ]);
    expect(standalone?.children?.map((node) => node.path)).toContain("login/find-user");
  });
});

describe("a page added to the route table, in one entry", () => {
  const Stand = (() => null) as ComponentType;
  const loaded: string[] = [];
  const textsLoaded: string[][] = [];
  const preloadChangelogRoute: PageHandle["preload"] = async () => undefined;
  const routesOf = (pages: readonly Page[]) =>
    createRoutes(pages, {
      load: async (module) => {
        loaded.push(module);
        return { ChangelogRoute: Stand, AppShell: Stand, preloadChangelogRoute };
      },
      loadTexts: async (namespaces) => textsLoaded.push([...namespaces]),
      HydrateFallback: Stand,
      RootErrorBoundary: Stand,
      RouteErrorBoundary: Stand,
    });

  it("is a route of the router, its module loaded lazily with its texts beside it", async () => {
    const leafOf = (routes: RouteObject[]) => matchRoutes(routes, "/changelog")?.at(-1)?.route;
    // Without the entry, the URL is the shell's "not found" page: the fixture is what makes the difference.
    expect(leafOf(routesOf(routeTable))?.path).toBe("*");

    const routes = routesOf(withChangelog);
    const matched = matchRoutes(routes, "/changelog") ?? [];
    expect(matched.map(({ route }) => route.path)).toEqual(["/", undefined, "changelog"]);
    const leaf = matched.at(-1)?.route;
    expect(loaded).toEqual([]);
    const lazy = leaf?.lazy;
    if (typeof lazy !== "function") throw new Error("the page's route is not lazy");
    const page = await lazy();
    expect(loaded).toEqual([CHANGELOG.module]);
    expect(textsLoaded).toEqual([["changelog"]]);
    expect(page).toEqual({ Component: Stand, handle: { preload: preloadChangelogRoute } });
  });

  it("gets an import() of its module that Vite splits on, picking the exports the table names", () => {
    const source = routeModulesSource("/web", withChangelog);
    expect(source).toContain(
      `"${CHANGELOG.module}": async () => {\n` +
        `    const { ChangelogRoute, preloadChangelogRoute } = await import("/web/${CHANGELOG.module}");\n`,
    );
    expect(routeModulesSource("/web")).not.toContain(CHANGELOG.module);
  });

  describe("is preloaded: the build lists its chunks, and the server hints them for its URL", () => {
    let distDir: string;
    beforeAll(async () => {
      distDir = await mkdtemp(path.join(tmpdir(), "precis-route-table-"));
      await mkdir(path.join(distDir, ".vite"));
    });
    afterAll(() => rm(distDir, { recursive: true, force: true }));

    /** A build of the table as Vite hands it to the plugin: one chunk per lazy module and catalogue. */
    function fakeBundle(pages: readonly Page[]): Rolldown.OutputBundle {
      const namespaces = new Set([...ENTRY_NAMESPACES, ...pages.flatMap((page) => page.namespaces)]);
      const sources = [
        ...modulesOf(pages),
        ...supportedLanguages.flatMap((language) => [
          `src/i18n/antd-locales/${language}.ts`,
          ...[...namespaces].map((namespace) => `src/i18n/${language}/${namespace}.json`),
        ]),
      ];
      const chunk = (fileName: string, facade: string | null, isEntry = false) =>
        ({
          type: "chunk",
          fileName,
          facadeModuleId: facade,
          isEntry,
          imports: [],
          viteMetadata: { importedCss: new Set<string>() },
        }) as unknown as Rolldown.OutputChunk;
      const bundle: Rolldown.OutputBundle = { "assets/index.js": chunk("assets/index.js", "/web/index.html", true) };
      for (const source of sources) {
        const fileName = `assets/${path.basename(source).replace(/\.\w+$/, "")}-${path.dirname(source).split("/").at(-1)}.js`;
        bundle[fileName] = chunk(fileName, path.join("/web", source));
      }
      return bundle;
    }

    async function buildPreloads(pages: readonly Page[]) {
      const plugin = pagePreloadsPlugin(pages) as Plugin & {
        configResolved: (config: unknown) => void;
        generateBundle: (this: unknown, options: unknown, bundle: Rolldown.OutputBundle) => void;
      };
      plugin.configResolved({ root: "/web", build: { ssr: false } });
      let written = "";
      const emitFile = ({ source }: { source: string }) => {
        written = source;
      };
      plugin.generateBundle.call({ emitFile }, {}, fakeBundle(pages));
      await writeFile(path.join(distDir, ".vite/page-preloads.json"), written);
      return JSON.parse(written) as { pages: { path: string; scripts: string[]; texts: Record<string, string[]> }[] };
    }

    it("from that one entry", async () => {
      const file = await buildPreloads(withChangelog);
      const listed = file.pages.find((page) => page.path === "/changelog");
      expect(listed?.scripts).toEqual(["/assets/app-shell-layout.js", "/assets/changelog-route-routes.js"]);
      expect(listed?.texts.fr).toContain("/assets/changelog-fr.js");

      const hints = loadPreloadHints(distDir, "Lexi", (_href, link) => link, withChangelog);
      expect(hints("/changelog", "fr")).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/changelog-route-routes.js">',
      );
      expect(hints("/Changelog/", "fr")).toContain("/assets/changelog-fr.js");
    });

    it("and not without it", async () => {
      const file = await buildPreloads(routeTable);
      expect(file.pages.map((page) => page.path)).not.toContain("/changelog");
      const hints = loadPreloadHints(distDir, "Lexi", (_href, link) => link, routeTable);
      // The shell's "not found" page, not the changelog's.
      expect(hints("/changelog", "fr")).toContain("/assets/not-found-route-routes.js");
      expect(hints("/changelog", "fr")).not.toContain("changelog");
    });
  });

  it("is prerendered by the server when its entry says so", async () => {
    const ssrDir = await mkdtemp(path.join(tmpdir(), "precis-route-table-ssr-"));
    try {
      await writeFile(path.join(ssrDir, "server-render.js"), "export async function renderPage() { return null; }");
      const client = { productShortName: "Lexi" } as Parameters<typeof loadPrerender>[1];
      const log = {} as Parameters<typeof loadPrerender>[2];
      const prerender = loadPrerender(ssrDir, client, log, withChangelog);
      expect(prerender.covers("/changelog")).toBe(true);
      expect(prerender.covers("/changelog?from=mail")).toBe(false);
      expect(loadPrerender(ssrDir, client, log, routeTable).covers("/changelog")).toBe(false);
    } finally {
      await rm(ssrDir, { recursive: true, force: true });
    }
  });
});
