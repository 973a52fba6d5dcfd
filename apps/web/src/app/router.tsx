import { routeModules } from "virtual:precis/route-modules";
import type { ClientConfig } from "@precis/contract/client-config";
import { routeTable } from "@precis/pages";
import type { QueryClient } from "@tanstack/react-query";
import { matchRoutes, type RouteObject } from "react-router";
import { createRoutes, type PageHandle } from "@/app/create-routes";
import { RootErrorBoundary, RouteErrorBoundary } from "@/app/routes/route-error";
import { PageLoader } from "@/components/page-loader";
import { i18n } from "@/i18n";

/*
 * The app's routes, built from the route table (route-table.ts): to add a page, add its entry there, not
 * here. Every page is a lazy chunk, and so is the shell: the standalone account pages (/login, /register…)
 * never load the navbar's menus, which keeps their first load small.
 */

export const routes: RouteObject[] = createRoutes(routeTable, {
  load: (module) => {
    const load = routeModules[module];
    if (!load) throw new Error(`no lazy module ${module}: is build/route-modules-plugin.ts in the Vite config?`);
    return load();
  },
  loadTexts: (namespaces) => i18n.loadNamespaces([...namespaces]),
  HydrateFallback: PageLoader,
  RootErrorBoundary,
  RouteErrorBoundary,
});

/**
 * Loads the lazy routes a location matches, in place, and what their pages suspend on. A prerendered
 * page is hydrated only then: the router would otherwise render HydrateFallback, not the server's
 * HTML, and a part that suspends while hydrating is re-rendered from its fallback if the app updates.
 */
export async function loadRoutesFor(pathname: string, config: ClientConfig, queryClient: QueryClient) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === "function") {
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }
      await (route.handle as PageHandle | undefined)?.preload?.(pathname, config, queryClient);
    }),
  );
}
