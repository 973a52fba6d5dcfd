import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import type { TestServer } from "./harness.ts";
import { legalSettings } from "./legal-settings.ts";
import { runServerProcessToExit, startServerProcess } from "./server-process.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";
import { createWebBuildStandIn } from "./web-build-stand-in.ts";

/** Decision 027: /api/health is liveness, /api/ready says whether to send traffic. */
const migrationsFolder = new URL("../src/db/migrations", import.meta.url);
let build: Awaited<ReturnType<typeof createWebBuildStandIn>>;
let brokenBuild: Awaited<ReturnType<typeof createWebBuildStandIn>>;
beforeAll(async () => {
  build = await createWebBuildStandIn();
  brokenBuild = await createWebBuildStandIn({ ssrSource: 'throw new Error("a broken build");' });
});
afterAll(async () => {
  await build.remove();
  await brokenBuild.remove();
});

const getReady = (server: TestServer) => server.app.inject({ method: "GET", url: "/api/ready" });

describe("GET /api/ready", () => {
  const server = useTestServer({ env: () => build.env });

  it("answers 200 once the database answers with every migration applied and the prerender bundle is loaded", async () => {
    const response = await getReady(server);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({ status: "ready", database: "up", migrations: "applied", prerender: "loaded" });
  });

  it("is in the OpenAPI document beside /api/health", async () => {
    const document = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/health", "/api/ready"]));
  });
});

describe("GET /api/ready when something is missing", () => {
  it("answers 503 on a server without its web build, which would answer every page with a 404", async () => {
    await withTestServer({}, async (server) => {
      const response = await getReady(server);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "unavailable", database: "up", prerender: "missing" });
      // Alive all the same: a liveness check must not restart it for this.
      expect((await server.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    });
  });

  it("answers 503 when the prerender bundle fails to load", async () => {
    await withTestServer({ env: brokenBuild.env }, async (server) => {
      const response = await getReady(server);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "unavailable", migrations: "applied", prerender: "failed" });
    });
  });

  it("answers 503 when the database lacks a migration this version ships (restored from an older backup)", async () => {
    await withTestServer({ env: build.env }, async (server) => {
      expect((await getReady(server)).statusCode).toBe(200);
      await server.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const response = await getReady(server);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "unavailable", database: "up", migrations: "pending" });
    });
  });

  it("answers 503 when the database does not answer", async () => {
    // A database of the test's own, which it closes under the running server.
    const database = await openDatabase({ pgliteDir: "memory://" });
    await withTestServer({ env: build.env, database }, async (server) => {
      expect((await getReady(server)).statusCode).toBe(200);
      await database.close();
      const response = await getReady(server);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: "unavailable",
        database: "down",
        migrations: "unknown",
        prerender: "loaded",
      });
    });
  });

  it("answers 503 once draining has begun, while every other request is still served", async () => {
    await withTestServer({ env: build.env }, async (server) => {
      server.app.readiness.beginDraining();
      const response = await getReady(server);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "draining" });
      expect((await server.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      expect((await server.app.inject({ method: "GET", url: "/api/client-config" })).statusCode).toBe(200);
    });
  });
});

describe("SHUTDOWN_DRAIN_SECONDS", () => {
  it("drains 10 s by default where a load balancer may be in front, and not at all in development", () => {
    expect(
      loadConfig({
        ...legalSettings,
        APP_ENV: "staging",
        MFA_ENCRYPTION_KEY: "ab".repeat(32),
        ENTERPRISE_SECRET_KEYS: `1:${"cd".repeat(32)}`,
      }).shutdownDrainMs,
    ).toBe(10_000);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: "2.5" }).shutdownDrainMs).toBe(2_500);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: "-1" })).toThrow("SHUTDOWN_DRAIN_SECONDS");
  });
});

describe("shutdown of the real entry point", () => {
  let dataDir = "";
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("on SIGTERM answers 503 on /api/ready while still serving, then stops listening and exits 0", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "precis-drain-"));
    // Long enough for the requests below on a busy machine; the order of what is seen is the test, not its time.
    const server = await startServerProcess({ ...build.env, DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: "5" });
    try {
      const ready = () => fetch(new URL("/api/ready", server.address)).then((response) => response.status);
      await expect.poll(ready, { timeout: 10_000 }).toBe(200);

      server.process.kill("SIGTERM");
      await expect.poll(ready, { timeout: 5_000, interval: 20 }).toBe(503);
      expect(await fetch(new URL("/api/ready", server.address)).then((response) => response.json())).toEqual({
        status: "draining",
      });
      // Still serving while the load balancer takes it out of rotation.
      expect((await fetch(new URL("/api/health", server.address))).status).toBe(200);
      expect((await fetch(new URL("/api/client-config", server.address))).status).toBe(200);

      await expect
        .poll(
          () =>
            fetch(new URL("/api/health", server.address), { headers: { connection: "close" } }).then(
              () => "accepted",
              () => "refused",
            ),
          { timeout: 15_000 },
        )
        .toBe("refused");
      expect(await server.exited).toBe(0);
      expect(server.logLines.some((line) => line.includes("draining"))).toBe(true);
    } finally {
      if (server.process.exitCode === null) server.process.kill("SIGKILL");
    }
    // Creating the on-disk PGlite database takes most of it, and several times as long on a busy machine.
  }, 120_000);
});

describe("npm run db:migrate", () => {
  it("brings a database up to date and exits, so a deploy can migrate before its rolling restart", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "precis-migrate-"));
    try {
      const { code, output } = await runServerProcessToExit({ DATA_DIR: dataDir }, "migrate");
      expect(code).toBe(0);
      expect(output).toContain("The PGlite database is up to date.");
      // Read without openDatabase, which would migrate it itself.
      const client = await PGlite.create(path.join(dataDir, "pglite"));
      try {
        const { rows } = await client.query<{ applied: number }>(
          "select count(*)::int as applied from drizzle.__drizzle_migrations",
        );
        const shipped = readMigrationFiles({ migrationsFolder: fileURLToPath(migrationsFolder) }).length;
        expect(rows[0]?.applied).toBe(shipped);
      } finally {
        await client.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("stops on a bad configuration as the server does: every problem named, and EX_CONFIG", async () => {
    const { code, output } = await runServerProcessToExit(
      { PORT: "not-a-port", DATA_DIR: "memory://unused" },
      "migrate",
    );
    expect(code).toBe(78);
    expect(output).toContain("PORT:");
  }, 60_000);
});
