import "@/app/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { StartupError } from "@/app/startup-error";
import { i18nReady } from "@/i18n";
import { loadClientConfig } from "@/lib/client-config";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");
const root = createRoot(rootElement);

// Nothing renders before the first texts are loaded, so no screen ever shows raw keys.
// The first render is a transition so React renders it in slices that yield to the browser: as one
// synchronous task it blocked a phone's main thread for over half a second (Lighthouse TBT).
Promise.all([loadClientConfig(), i18nReady]).then(
  ([config]) =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App config={config} />
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
