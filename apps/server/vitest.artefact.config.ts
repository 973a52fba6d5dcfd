import { defineConfig } from "vitest/config";

/** The built tree installed for production and started with Node alone (test/artefact). `npm test` runs it. */
export default defineConfig({
  test: {
    name: "artefact",
    root: import.meta.dirname,
    environment: "node",
    include: ["test/artefact/**/*.artefact.ts"],
    globalSetup: ["test/compiled-server.ts"],
    // A production install from npm's cache (about 520 MB: a minute when the machine is quiet), then a cold start.
    testTimeout: 600_000,
  },
});
