// Initialises i18next before anything renders, so no screen ever shows raw keys.
import "@/i18n";
import "@/app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { StartupError } from "@/app/startup-error";
import { loadClientConfig } from "@/lib/client-config";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");
const root = createRoot(rootElement);

loadClientConfig().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
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
