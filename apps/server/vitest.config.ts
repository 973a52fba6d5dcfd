import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    environment: "node",
    // Some tests start the compiled server as a process of its own: it is compiled afresh first. Every file's
    // database is a copy of one migrated once a run (test/database-template.ts).
    globalSetup: ["test/compiled-server.ts", "test/database-template.ts"],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/refuse-overlapping-queries.ts"],
    // A worker runs file after file with the modules it has loaded, instead of a new process a file: each file
    // otherwise loaded the whole server and started its hashing threads again, which was over half of the API
    // suite's time (ten files: 196 s isolated, 87 s shared). Files share no state through modules: each opens
    // its own database and server (test/support/test-server.ts), and the one file that replaces a module
    // (login-timing.test.ts) forgets the loaded ones first.
    isolate: false,
    // Each file opens its own database (PGlite in memory, or a fresh PostgreSQL database).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
