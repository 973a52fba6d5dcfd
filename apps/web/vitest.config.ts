import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "web",
    environment: "node",
    include: ["src/**/*.test.ts"],
    // Files run one after another in a worker with the modules it has loaded (25 s isolated, 9 s shared): they
    // render nothing and share no state through modules, as in the API suite (apps/server/vitest.config.ts).
    isolate: false,
  },
});
