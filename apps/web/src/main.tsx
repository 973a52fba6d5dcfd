import "@/app/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { createQueryClient } from "@/app/query-client";
import { StartupError } from "@/app/startup-error";
import { userDetailsQueryOptions } from "@/features/auth/api/get-user-details";
import { i18nReady } from "@/i18n";
import { loadClientConfig } from "@/lib/client-config";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");
const root = createRoot(rootElement);

// Who is signed in decides what the shell and the signed-in pages show: ask now, while the page's
// code and texts download, instead of after the first render (one more round trip before them).
const queryClient = createQueryClient();
void queryClient.prefetchQuery(userDetailsQueryOptions());

// Nothing renders before the first texts are loaded, so no screen ever shows raw keys.
// The first render is a transition so React renders it in slices that yield to the browser: as one
// synchronous task it blocked a phone's main thread for over half a second (Lighthouse TBT).
Promise.all([loadClientConfig(), i18nReady]).then(
  ([config]) =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App config={config} queryClient={queryClient} />
        </StrictMode>,
      ),
    ),
  (error: unknown) => {
    console.error(error);
    root.render(
      <StrictMode>
        <StartupError />
      </StrictMode>,
    );
  },
);
