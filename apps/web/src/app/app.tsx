import type { ClientConfig } from "@precis/contract/client-config";
import { Suspense } from "react";
import { RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { router } from "@/app/router";
import { PageLoader } from "@/components/page-loader";

export function App({ config }: { config: ClientConfig }) {
  return (
    <AppProviders config={config}>
      {/* A page whose translations are still loading suspends here (see i18n/index.ts). */}
      <Suspense fallback={<PageLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
}
