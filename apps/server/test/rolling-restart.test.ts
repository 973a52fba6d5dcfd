import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "./harness.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { createWebBuildStandIn } from "./web-build-stand-in.ts";

/**
 * README, "Running several instances": two instances as real processes on one PostgreSQL, behind a round-robin
 * balancer that takes an instance out of rotation when /api/ready stops answering 200, as a load balancer's
 * health check does. Each instance is restarted in turn (SIGTERM, then a new process) while traffic flows, and
 * not one request may fail. PGlite is one process's database, so this runs on PostgreSQL only.
 */
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** How often the balancer asks each instance whether it is ready; far below the drain, as the README asks. */
const CHECK_INTERVAL_MS = 50;
const DRAIN_SECONDS = "3";

interface Backend {
  name: string;
  server: ServerProcess;
  isInRotation: boolean;
  sawDraining: boolean;
  served: number;
}

/** Round robin over the instances whose last /api/ready answered 200. */
function createBalancer() {
  const backends: Backend[] = [];
  let turn = 0;
  let isChecking = true;

  async function check(backend: Backend) {
    try {
      const response = await fetch(new URL("/api/ready", backend.server.address), {
        signal: AbortSignal.timeout(1_000),
      });
      const body = (await response.json()) as { status: string };
      backend.isInRotation = response.status === 200;
      if (body.status === "draining") backend.sawDraining = true;
    } catch {
      backend.isInRotation = false;
    }
  }
  const checking = (async () => {
    while (isChecking) {
      await Promise.all(backends.map(check));
      await sleep(CHECK_INTERVAL_MS);
    }
  })();

  return {
    add(name: string, server: ServerProcess) {
      const backend: Backend = { name, server, isInRotation: false, sawDraining: false, served: 0 };
      backends.push(backend);
      return backend;
    },
    pick() {
      const ready = backends.filter((backend) => backend.isInRotation);
      if (ready.length === 0) throw new Error("no instance is in rotation");
      turn += 1;
      return ready[turn % ready.length] as Backend;
    },
    async waitUntilInRotation(backend: Backend) {
      await expect.poll(() => backend.isInRotation, { timeout: 30_000, interval: CHECK_INTERVAL_MS }).toBe(true);
    },
    async stop() {
      isChecking = false;
      await checking;
    },
  };
}

describe.skipIf(!isPostgres)("a rolling restart of two instances on one PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let build: Awaited<ReturnType<typeof createWebBuildStandIn>>;
  let dataDir: string;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    build = await createWebBuildStandIn();
    dataDir = await mkdtemp(path.join(tmpdir(), "precis-rolling-"));
  });
  afterAll(async () => {
    for (const server of started) if (server.process.exitCode === null) server.process.kill("SIGKILL");
    await Promise.all(started.map((server) => server.exited));
    await database?.close();
    await build?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const startInstance = async () => {
    const server = await startServerProcess({
      ...build.env,
      DATABASE_URL: database.url ?? "",
      DATABASE_POOL_MAX: "4",
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_SECONDS: DRAIN_SECONDS,
    });
    started.push(server);
    return server;
  };

  it("answers every request while each instance in turn drains, stops and comes back", async () => {
    const balancer = createBalancer();
    try {
      const first = balancer.add("first", await startInstance());
      const second = balancer.add("second", await startInstance());
      await balancer.waitUntilInRotation(first);
      await balancer.waitUntilInRotation(second);

      // One account whose session every instance honours: no sticky sessions.
      const registered = await fetch(new URL("/api/register", balancer.pick().server.address), {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body: JSON.stringify({ email: "rolling@example.ca", password: "Tribunal2024x" }),
      });
      expect(registered.status).toBe(200);
      const cookie = registered.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ");
      const session = { cookie, "x-access-key": registered.headers.get("x-access-key") ?? "" };

      const failures: string[] = [];
      let isSending = true;
      let sent = 0;
      /** A read and a write in turn, each to the next instance in rotation. */
      const sendUntilStopped = async () => {
        for (let index = 0; isSending; index += 1) {
          sent += 1;
          const isWrite = index % 2 === 1;
          let backend: Backend | undefined;
          try {
            backend = balancer.pick();
            const response = await fetch(new URL("/api/user-details", backend.server.address), {
              method: isWrite ? "PATCH" : "GET",
              headers: isWrite
                ? { ...session, "content-type": "application/json", "x-requested-with": "XMLHttpRequest" }
                : session,
              body: isWrite ? JSON.stringify({ firstName: `Marie${index % 10}` }) : undefined,
              signal: AbortSignal.timeout(5_000),
            });
            const body = await response.text();
            if (response.status !== 200 || (!isWrite && !body.includes("rolling@example.ca"))) {
              failures.push(`${backend.name}: ${response.status} ${body.slice(0, 200)}`);
            }
            backend.served += 1;
          } catch (error) {
            failures.push(`${backend?.name ?? "no instance"}: ${String(error)}`);
          }
        }
      };
      const senders = Array.from({ length: 4 }, sendUntilStopped);

      // The rolling restart: each instance is told to stop, drains, exits, and a new one takes its place.
      const replaced: Backend[] = [];
      for (const [old, name] of [
        [first, "first, restarted"],
        [second, "second, restarted"],
      ] as const) {
        const servedBefore = old.served;
        old.server.process.kill("SIGTERM");
        expect(await old.server.exited).toBe(0);
        // It drained: the balancer saw "draining" and it served until then.
        expect(old.sawDraining).toBe(true);
        expect(old.isInRotation).toBe(false);
        expect(old.served).toBeGreaterThanOrEqual(servedBefore);
        const next = balancer.add(name, await startInstance());
        await balancer.waitUntilInRotation(next);
        replaced.push(next);
      }
      // Both new instances carry traffic before it stops.
      await expect
        .poll(() => replaced.every((backend) => backend.served > 0), { timeout: 10_000, interval: 20 })
        .toBe(true);
      isSending = false;
      await Promise.all(senders);

      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(20);
      for (const backend of [first, second, ...replaced]) expect(backend.served, backend.name).toBeGreaterThan(0);
    } finally {
      await balancer.stop();
    }
  }, 180_000);
});
