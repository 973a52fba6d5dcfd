import { defineConfig } from "vitest/config";

// One runner for every suite; `npm test` runs them all, `--project NAME` runs one.
export default defineConfig({
  test: {
    projects: [
      "packages/contract",
      "packages/client",
      "apps/server",
      "apps/web",
      "apps/web/vitest.dom.config.ts",
      "apps/extension",
      "e2e",
      // The built tree, installed for production and started with Node alone: after `npm run build` (npm test).
      "apps/server/vitest.artefact.config.ts",
    ],
  },
});
