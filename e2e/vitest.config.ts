import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["**/*.e2e.ts"],
    globalSetup: ["./support/global-setup.ts"],
    // Two files at a time against the one shared server (issue 41, item 8): each test makes its own accounts, at
    // addresses of its own, and reads only their mail, so no file depends on another's state. One file at a time
    // left a core idle whenever its test waited on the page, the server or the mail. Its own group, after the
    // others, so the browsers never run beside the API suite's CPU-bound files.
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    // Two files share the two cores, so a test may take up to twice as long as alone; a passing test is not slowed.
    testTimeout: 120_000,
    // Screens wait on the real server (and some on a countdown): poll up to 20 s, not 1 s. Without a PostgreSQL
    // server (TEST_DATABASE_URL), the one server's PGlite answers one query at a time for both files, and on a
    // loaded machine an answer took over 10 s once; a passing test is not slowed.
    expect: { poll: { timeout: 20_000 } },
    hookTimeout: 120_000,
  },
});
