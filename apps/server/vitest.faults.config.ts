import { defineConfig } from "vitest/config";

/**
 * `npm run test:faults`: a private PostgreSQL stopped under load and a server killed mid-write. They take
 * more than a minute together, so they run apart from `npm test` (and in .ci/run).
 */
export default defineConfig({
  test: {
    name: "faults",
    root: import.meta.dirname,
    environment: "node",
    // Some tests start the compiled server as a process of its own: it is compiled afresh first.
    globalSetup: ["test/compiled-server.ts"],
    include: ["test/faults/**/*.faults.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
