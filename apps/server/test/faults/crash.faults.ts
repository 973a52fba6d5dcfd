import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrivatePostgres, startPrivatePostgres } from "../private-postgres.ts";
import { type ServerProcess, startRegistrationLoad, startServerProcess, waitFor } from "./server-process.ts";

/**
 * Issue 8, crash: the server is killed with SIGKILL in the middle of writes. After a restart no acknowledged
 * write is missing and no write is half there: registration writes the account, its welcome email, its
 * verification code and email, and its audit event in one transaction, so each account has all of them or
 * none exists.
 */
let database: PrivatePostgres;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await startPrivatePostgres();
});
afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

async function query<Row extends pg.QueryResultRow>(text: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

describe("a server killed in the middle of writes", () => {
  it("keeps every acknowledged write and no half-written one", async () => {
    let running = await startServerProcess({ DATABASE_URL: database.url });
    server = running;
    const load = startRegistrationLoad(() => running.url, 8);
    await waitFor(
      async () => (load.ledger.filter((entry) => entry.status === 200).length >= 15 ? true : undefined),
      90_000,
      "acknowledged writes before the crash",
    );
    await running.stop("SIGKILL");
    const killedAt = performance.now();
    expect(running.child.signalCode).toBe("SIGKILL");
    // Requests cut by the kill come back without an answer; give them a moment, then stop the callers.
    await waitFor(
      async () => (load.ledger.some((entry) => entry.startedAt < killedAt && entry.status === null) ? true : undefined),
      10_000,
      "a request cut by the kill",
    );
    await load.stop();

    running = await startServerProcess({ DATABASE_URL: database.url });
    server = running;

    const accounts = await query<{ email: string; welcome: string; code: string; registered: string }>(`
      select u.email,
        (select count(*) from mail_outbox m where m.recipient = u.email and m.subject like 'Welcome%') as welcome,
        (select count(*) from email_verification_codes c where c.user_id = u.id) as code,
        (select count(*) from audit_events a where a.user_id = u.id and a.event = 'registered') as registered
      from users u`);
    const stored = new Map(accounts.map((account) => [account.email, account]));
    const acknowledged = load.ledger.filter((entry) => entry.status === 200);
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);
    expect(acknowledged.filter((entry) => !stored.has(entry.email))).toEqual([]);
    // Every account is whole: exactly one welcome email, one verification code (whose email the check on
    // stray mail below covers) and one registration event, nothing in between.
    for (const account of accounts) {
      expect({
        email: account.email,
        welcome: Number(account.welcome),
        code: Number(account.code),
        registered: Number(account.registered),
      }).toEqual({
        email: account.email,
        welcome: 1,
        code: 1,
        registered: 1,
      });
    }
    const strayMail = await query<{ recipient: string }>(
      "select recipient from mail_outbox where recipient not in (select email from users)",
    );
    expect(strayMail).toEqual([]);

    // The restarted instance serves the acknowledged accounts: log in with one.
    const survivor = acknowledged.at(-1)?.email ?? "";
    const login = await fetch(`${running.url}/api/login`, {
      method: "POST",
      headers: {
        "x-requested-with": "XMLHttpRequest",
        authorization: `Basic ${Buffer.from(`${survivor}:Tribunal2024x`).toString("base64")}`,
      },
    });
    expect(login.status).toBe(200);
  });
});
