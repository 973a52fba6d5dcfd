import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { docsFeedback } from "../src/db/schema/index.ts";
import { startServerProcess } from "./server-process.ts";

let dataDir = "";
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Starts the compiled server as its own process, with the embedded database in a folder of its own. */
async function startServer() {
  dataDir = await mkdtemp(path.join(tmpdir(), "precis-shutdown-"));
  // No drain (readiness.test.ts covers it): this test is about what happens once the listener closes.
  const started = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: "0" });
  child = started.process;
  return started;
}

describe("graceful shutdown of the real entry point", () => {
  it("on SIGTERM, finishes the request in flight, refuses new ones, and exits 0 with the write stored", async () => {
    const server = await startServer();
    const body = JSON.stringify({ page: "faq", helpful: true, comment: "Sent across a shutdown." });
    const half = Math.floor(body.length / 2);

    // A request whose body is still arriving when the signal comes.
    const inFlight = request({
      host: server.address.hostname,
      port: server.address.port,
      method: "POST",
      path: "/api/docs-feedback",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "x-requested-with": "XMLHttpRequest",
      },
    });
    const answered = once(inFlight, "response");
    inFlight.write(body.slice(0, half));
    // A second request answered means the server's loop has also read the first one's headers.
    const health = await fetch(new URL("/api/health", server.address));
    expect(health.status).toBe(200);

    const exited = once(server.process, "exit");
    server.process.kill("SIGTERM");
    // New connections are refused once the server has stopped listening.
    await expect
      .poll(async () => {
        try {
          await fetch(new URL("/api/health", server.address), { headers: { connection: "close" } });
          return "accepted";
        } catch {
          return "refused";
        }
      })
      .toBe("refused");

    inFlight.end(body.slice(half));
    const [response] = (await answered) as [import("node:http").IncomingMessage];
    let responseBody = "";
    for await (const chunk of response) responseBody += chunk;
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(responseBody)).toEqual({ received: true });

    const [exitCode] = await exited;
    expect(exitCode).toBe(0);
    expect(server.logLines.some((line) => line.includes('"signal":"SIGTERM"') && line.includes("shutting down"))).toBe(
      true,
    );

    // The acknowledged write is on disk: open the same embedded database the process used.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      const [row] = await database.db.select({ value: count() }).from(docsFeedback);
      expect(row?.value).toBe(1);
    } finally {
      await database.close();
    }
    // A real process on an on-disk PGlite, started and opened again: slow on a busy machine, not a hang.
  }, 120_000);
});
