import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pagePreloads } from "./page-preloads";

const webRoot = path.resolve(import.meta.dirname, "../..");
const routerSource = readFileSync(path.join(webRoot, "src/app/router.tsx"), "utf8");

/** `@/features/auth/routes/login-route` → `src/features/auth/routes/login-route.tsx`, as Vite's manifest names it. */
const toManifestKey = (specifier: string) => `src/${specifier.slice(2)}.tsx`;

/** Every lazy import in router.tsx, with the namespaces its withTexts loads beside it ([] without one). */
function routerImports() {
  const imports = new Map<string, string[]>();
  for (const match of routerSource.matchAll(
    /(?:withTexts\(((?:"[^"]*")|(?:\[[^\]]*\])),\s*\(\)\s*=>\s*)?import\("(@\/[^"]+)"\)/g,
  )) {
    const namespaces = match[1] ? (JSON.parse(match[1].startsWith("[") ? match[1] : `[${match[1]}]`) as string[]) : [];
    imports.set(toManifestKey(match[2] as string), namespaces);
  }
  return imports;
}

describe("page preload table", () => {
  const imports = routerImports();

  it("finds router.tsx's lazy imports (so the checks below are not vacuous)", () => {
    expect(imports.size).toBeGreaterThanOrEqual(15);
    expect(imports.get("src/features/auth/routes/login-route.tsx")).toEqual(["auth", "sso"]);
  });

  it("names only modules router.tsx imports, each with the namespaces router.tsx loads beside it", () => {
    for (const page of pagePreloads) {
      const pageModule = page.modules.at(-1) as string;
      expect(existsSync(path.join(webRoot, pageModule)), pageModule).toBe(true);
      for (const module of page.modules) expect(imports.has(module), `${page.path}: ${module}`).toBe(true);
      expect(page.namespaces, page.path).toEqual(imports.get(pageModule));
    }
  });

  it("covers every page router.tsx can lazy-load", () => {
    const preloaded = new Set(pagePreloads.flatMap((page) => page.modules));
    expect([...imports.keys()].filter((module) => !preloaded.has(module))).toEqual([]);
  });
});
