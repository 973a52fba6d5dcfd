import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: { name: "web", environment: "node", include: ["src/**/*.test.ts"] },
});
