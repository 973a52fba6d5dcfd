import type { ClientConfig } from "@precis/contract/client-config";
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import { AppProviders } from "@/app/providers";
import { PageLoader } from "@/components/page-loader";
import { HydrationStateProvider } from "@/hooks/use-is-hydrated";

/** `router` is the browser's RouterProvider, or the server's StaticRouterProvider when it prerenders a page. */
export function App({
  config,
  queryClient,
  router,
}: {
  config: ClientConfig;
  queryClient: QueryClient;
  router: ReactNode;
}) {
  return (
    <HydrationStateProvider>
      <AppProviders config={config} queryClient={queryClient}>
        {/* A page whose translations are still loading suspends here (see i18n/index.ts). */}
        <Suspense fallback={<PageLoader />}>{router}</Suspense>
      </AppProviders>
    </HydrationStateProvider>
  );
}
