import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["**/*.e2e.ts"],
    globalSetup: ["./support/global-setup.ts"],
    // One real server and one Chromium at a time: the machine has two cores.
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    // Screens wait on the real server (and some on a countdown): poll up to 10 s, not 1 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
