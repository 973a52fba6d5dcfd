/*
 * The route table's lazy modules as import() calls Vite can split on: `virtual:precis/route-modules` maps each
 * module the page table (@precis/pages) names to a function importing it, generated from the table (router.tsx reads it). Each
 * import picks the exports the table names, as a hand-written `const { LoginRoute } = await import("…")` would,
 * so the bundler still drops whatever else the module exports.
 */
import path from "node:path";
import { LAYOUTS, type Page, routeTable } from "@precis/pages";
import type { Plugin } from "vite";

export const ROUTE_MODULES_ID = "virtual:precis/route-modules";
const RESOLVED_ID = `\0${ROUTE_MODULES_ID}`;

/** The source of the virtual module: per lazy module, the names of the exports the table uses. */
export function routeModulesSource(root: string, pages: readonly Page[] = routeTable) {
  const exportsOf = new Map<string, Set<string>>();
  const use = (module: string, name: string | undefined) => {
    if (!name) return;
    exportsOf.set(module, (exportsOf.get(module) ?? new Set()).add(name));
  };
  for (const layout of Object.values(LAYOUTS)) use(layout.module, layout.component);
  for (const page of pages) {
    use(page.module, page.component);
    use(page.module, page.preload);
  }
  const entries = [...exportsOf].map(([module, names]) => {
    const picked = [...names].join(", ");
    const file = JSON.stringify(path.join(root, module));
    // The form Vite's preloading rewrites in place, without another .then().
    return `  ${JSON.stringify(module)}: async () => {\n    const { ${picked} } = await import(${file});\n    return { ${picked} };\n  },`;
  });
  return `export const routeModules = {\n${entries.join("\n")}\n};\n`;
}

export function routeModulesPlugin(pages: readonly Page[] = routeTable): Plugin {
  let root = "";
  return {
    name: "precis:route-modules",
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === ROUTE_MODULES_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? routeModulesSource(root, pages) : undefined;
    },
  };
}
