import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    environment: "node",
    // Some tests start the compiled server as a process of its own: it is compiled afresh first. Every file's
    // database is a copy of one migrated once a run (test/database-template.ts).
    globalSetup: ["test/compiled-server.ts", "test/database-template.ts"],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Each file opens its own database (PGlite in memory, or a fresh PostgreSQL database).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
