import { defineConfig } from "vitest/config";

// One runner for every suite; `npm test` runs them all, `--project NAME` runs one.
export default defineConfig({
  test: {
    projects: ["packages/contract", "packages/client", "apps/server", "apps/web", "apps/extension", "e2e"],
  },
});
