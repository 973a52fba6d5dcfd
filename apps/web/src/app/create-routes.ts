import type { ClientConfig } from "@precis/contract/client-config";
import { type Page, type RouteNode, routeTree } from "@precis/pages";
import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";

/*
 * The route table (route-table.ts) as react-router's routes. No React here but types: router.tsx hands in the
 * components and the loaders, and the tests a stand-in for them.
 */

/** A route's `handle`: what its page needs loaded before a prerendered copy of it can hydrate. */
export interface PageHandle {
  preload?: (pathname: string, config: ClientConfig, queryClient: QueryClient) => Promise<unknown>;
}

export interface RouteParts {
  /** Imports a lazy module of the table (as route-table.ts names it) and resolves to its exports. */
  load: (module: string) => Promise<Record<string, unknown>>;
  /**
   * Fetches a page's translations beside its chunk. Without it the page would render, suspend on its
   * namespace, and only then ask for it: one more round trip before anything shows.
   */
  loadTexts: (namespaces: readonly string[]) => Promise<unknown>;
  /** What a layout shows until its lazy module has loaded. */
  HydrateFallback: ComponentType;
  /** A layout's error: a page of its own. */
  RootErrorBoundary: ComponentType;
  /** A page's error, inside the shell. */
  RouteErrorBoundary: ComponentType;
}

export function createRoutes(pages: readonly Page[], parts: RouteParts): RouteObject[] {
  const lazyRoute = (node: RouteNode) => {
    const { lazyComponent, page } = node;
    if (!lazyComponent) return undefined;
    return async () => {
      const namespaces = page?.namespaces ?? [];
      const [exports] = await Promise.all([
        parts.load(lazyComponent.module),
        namespaces.length > 0 ? parts.loadTexts(namespaces) : undefined,
      ]);
      const Component = exports[lazyComponent.component] as ComponentType | undefined;
      if (!Component) throw new Error(`${lazyComponent.module} exports no ${lazyComponent.component}`);
      const preload = page?.preload ? (exports[page.preload] as PageHandle["preload"]) : undefined;
      return preload ? { Component, handle: { preload } satisfies PageHandle } : { Component };
    };
  };
  const toRouteObject = (node: RouteNode): RouteObject => {
    const layout =
      node.kind === "shell" || node.kind === "standalone"
        ? { HydrateFallback: parts.HydrateFallback, ErrorBoundary: parts.RootErrorBoundary }
        : node.kind === "page-boundary"
          ? { ErrorBoundary: parts.RouteErrorBoundary }
          : {};
    const lazy = lazyRoute(node);
    if (node.index) return { index: true, ...layout, ...(lazy && { lazy }) };
    return {
      ...(node.path !== undefined && { path: node.path }),
      ...layout,
      ...(lazy && { lazy }),
      ...(node.children && { children: node.children.map(toRouteObject) }),
    };
  };
  return routeTree(pages).map(toRouteObject);
}
