import type { ClientConfig } from "@precis/contract/client-config";
import { RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { router } from "@/app/router";

export function App({ config }: { config: ClientConfig }) {
  return (
    <AppProviders config={config}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
