import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { antdStylesheetPlugin } from "./src/app/build/antd-stylesheet-plugin.ts";

/*
 * The web app's component tests (`*.test.tsx`): panels rendered in jsdom with the app's providers (test-support/
 * render.tsx), the API answered at the network edge by msw. Apart from the `web` project, whose Node tests render
 * nothing and stay fast in one shared worker.
 */
export default defineConfig({
  // antd's stylesheet module resolves as in development (run-time styles); React's JSX as the app's build has it.
  plugins: [antdStylesheetPlugin(), react()],
  resolve: { tsconfigPaths: true },
  test: {
    name: "web-dom",
    environment: "jsdom",
    include: ["src/**/*.test.tsx"],
    setupFiles: ["src/test-support/dom-setup.ts"],
    // Files share a worker and the modules it has loaded (antd, the catalogues): 24 s here, 90 s isolated on a
    // loaded 2-core machine. Each test renders afresh (its own query client, app state and handlers), and
    // Testing Library empties the document after each.
    isolate: false,
    // A first render loads antd and the catalogues into a fresh jsdom, and user-event types key by key through
    // antd's forms: seconds each on a busy 2-core machine (`npm test` runs every suite at once).
    testTimeout: 30_000,
  },
});
