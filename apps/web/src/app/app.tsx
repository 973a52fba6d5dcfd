import type { ClientConfig } from "@precis/contract/client-config";
import type { QueryClient } from "@tanstack/react-query";
import { Suspense } from "react";
import { RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { router } from "@/app/router";
import { PageLoader } from "@/components/page-loader";

export function App({ config, queryClient }: { config: ClientConfig; queryClient: QueryClient }) {
  return (
    <AppProviders config={config} queryClient={queryClient}>
      {/* A page whose translations are still loading suspends here (see i18n/index.ts). */}
      <Suspense fallback={<PageLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
}
