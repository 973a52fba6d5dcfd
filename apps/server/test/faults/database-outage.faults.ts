import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrivatePostgres, startPrivatePostgres } from "../private-postgres.ts";
import {
  type LedgerEntry,
  type ServerProcess,
  startRegistrationLoad,
  startServerProcess,
  waitFor,
} from "./server-process.ts";

/**
 * Issue 8, database outage: the server's own PostgreSQL is stopped while requests keep coming. Requests must
 * answer 503 within 5 s instead of hanging, /api/health must say so, the service must come back within 10 s
 * of the database without a restart, and every write acknowledged with 2xx must be there afterwards.
 */
let database: PrivatePostgres;
let server: ServerProcess;

beforeAll(async () => {
  database = await startPrivatePostgres();
  server = await startServerProcess({ DATABASE_URL: database.url });
});
afterAll(async () => {
  if (server && server.child.exitCode !== null)
    console.error(
      `the server exited:\n${server
        .output()
        .split("\n")
        .filter((line) => /uncaught|shutting/.test(line))
        .join("\n")
        .slice(0, 4000)}`,
    );
  await server?.stop();
  await database?.destroy();
});

async function health() {
  const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.json() };
}

async function registeredEmails() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await client.query<{ email: string }>("select email from users");
    return new Set(result.rows.map((row) => row.email));
  } finally {
    await client.end();
  }
}

const acknowledged = (ledger: LedgerEntry[]) => ledger.filter((entry) => entry.status !== null && entry.status < 300);

describe("a database outage under load", () => {
  it("answers 503 quickly, reports it, recovers alone and loses no acknowledged write", async () => {
    const load = startRegistrationLoad(() => server.url);
    try {
      await waitFor(async () => (acknowledged(load.ledger).length >= 5 ? true : undefined), 60_000, "writes before");

      await database.stop();
      const stoppedAt = performance.now();

      const reportedDown = await waitFor(
        async () => {
          const answer = await health();
          return answer.status === 503 ? answer.body : undefined;
        },
        5_000,
        "/api/health reporting the outage",
      );
      expect(reportedDown).toEqual({ status: "unavailable", database: "down" });
      // Writes keep arriving during the outage; wait until several were answered.
      await waitFor(
        async () => (load.ledger.filter((entry) => entry.startedAt > stoppedAt).length >= 10 ? true : undefined),
        30_000,
        "requests answered during the outage",
      );

      const restartingAt = performance.now();
      await database.start();
      const restartedAt = performance.now();
      const firstWriteBack = await waitFor(
        async () =>
          load.ledger.find((entry) => entry.startedAt > restartedAt && entry.status !== null && entry.status < 300),
        10_000,
        "a write succeeding after the database came back",
      );
      expect(firstWriteBack.finishedAt - restartedAt).toBeLessThan(10_000);
      expect((await health()).status).toBe(200);

      await load.stop();
      const duringOutage = load.ledger.filter(
        (entry) => entry.startedAt > stoppedAt && entry.finishedAt < restartingAt,
      );
      expect(duringOutage.length).toBeGreaterThanOrEqual(10);
      for (const entry of duringOutage) {
        // An answer, not a hang or a cut connection; 503, not 500.
        expect(entry.status, entry.email).toBe(503);
        expect(entry.finishedAt - entry.startedAt, entry.email).toBeLessThan(5_000);
      }
      // Around the edges a request may succeed or get 503, never anything else.
      for (const entry of load.ledger) expect([200, 503]).toContain(entry.status);
    } finally {
      await load.stop();
    }

    const stored = await registeredEmails();
    const lost = acknowledged(load.ledger).filter((entry) => !stored.has(entry.email));
    expect(lost).toEqual([]);
  });
});
