import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Writable } from "node:stream";
import { and, desc, eq, like } from "drizzle-orm";
import { inject } from "vitest";
import { createServer, REDACTED_LOG_PATHS } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { mailOutbox } from "../src/db/schema/index.ts";
import type { Clock } from "../src/lib/clock.ts";
import { runAdminStatement } from "./postgres-admin.ts";

/** A database of the suite: on PostgreSQL, with the address another instance's pool would connect to. */
export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * Where the API suite keeps its data: PGlite in memory by default, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a fresh database per test file (dropped afterwards) so runs never collide. Either is a
 * copy of the run's migrated template when the suite's global setup made one (database-template.ts).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject("databaseTemplate");
  if (!serverUrl) {
    const loadDataDir = template?.kind === "pglite" ? new Blob([await readFile(template.file)]) : undefined;
    return openDatabase({ pgliteDir: "memory://", loadDataDir });
  }

  const name = `precis_test_${randomBytes(6).toString("hex")}`;
  const copied = template?.kind === "postgres" ? ` template ${template.name}` : "";
  await runAdminStatement(serverUrl, `create database ${name}${copied}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolMax: 10 });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await runAdminStatement(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Collects every log line the server writes, so tests can check what reaches the log. */
export function createLogCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, text: () => lines.join("") };
}

export interface TestServerOptions {
  env?: Record<string, string>;
  database?: TestDatabase;
  clock?: Clock;
}

/** The real server on a real database, driven through `app.inject()` (no port opened). */
export async function startTestServer({ env = {}, database, clock }: TestServerOptions = {}) {
  const config = loadConfig({ WEB_DIST_DIR: "/nonexistent-web-dist", WEB_SSR_DIR: "/nonexistent-web-ssr", ...env });
  const db: TestDatabase = database ?? (await openTestDatabase());
  const logs = createLogCapture();
  const app = await createServer({
    config,
    database: db,
    clock,
    logger: { level: "info", stream: logs.stream, redact: { paths: REDACTED_LOG_PATHS, censor: "[redacted]" } },
  });
  return {
    app,
    config,
    database: db,
    logs,
    close: async () => {
      await app.close();
      if (!database) await db.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Headers our own browser app sends on every state-changing call. */
export const xhrHeaders = { "x-requested-with": "XMLHttpRequest" } as const;

/** A clock the test moves by hand. */
export function createTestClock(start = new Date("2026-11-22T12:00:00Z")) {
  let current = start.getTime();
  const clock: Clock = () => new Date(current);
  return {
    clock,
    advanceMilliseconds: (milliseconds: number) => {
      current += milliseconds;
    },
    advanceMinutes: (minutes: number) => {
      current += minutes * 60_000;
    },
    advanceDays: (days: number) => {
      current += days * 86_400_000;
    },
  };
}

export const basicAuth = (user: string, secret: string) =>
  `Basic ${Buffer.from(`${user}:${secret}`, "utf8").toString("base64")}`;

/** The cookie and access key a login answered with, ready to send back. */
export function readSession(response: {
  headers: Record<string, unknown>;
  cookies: { name: string; value: string }[];
}) {
  const cookie = response.cookies.find((item) => item.name.endsWith("precis_session"));
  const accessKey = response.headers["x-access-key"];
  if (!cookie || typeof accessKey !== "string") throw new Error("the response opened no session");
  return {
    cookie: `${cookie.name}=${cookie.value}`,
    accessKey,
    headers: { cookie: `${cookie.name}=${cookie.value}`, "x-access-key": accessKey },
  };
}

/**
 * The security code of the newest email to `email` whose subject is like `subjectPattern` (SQL LIKE), read
 * from the outbox as the worker would send it; `kind` names the code when none was emailed.
 */
export async function readEmailedCode(database: DatabaseHandle, email: string, subjectPattern: string, kind: string) {
  const [mail] = await database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), like(mailOutbox.subject, subjectPattern)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = mail && /^([A-HJ-NP-Z2-9]{8})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no ${kind} code was emailed to ${email}`);
  return code;
}

/** The newest verification code emailed to `email`. */
export const readVerificationCode = (database: DatabaseHandle, email: string) =>
  readEmailedCode(database, email, "Confirm%", "verification");

/** The token of the newest verification link emailed to `email` (`/verify-email?token=…`). */
export async function readVerificationLinkToken(database: DatabaseHandle, email: string) {
  const [mail] = await database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), like(mailOutbox.subject, "Confirm%")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = mail && /\/verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no verification link was emailed to ${email}`);
  return token;
}

/**
 * Verifies a registered account's email through the API, with the code of the email it was sent: the state of
 * an account whose owner read their mail (free access starts there).
 */
export async function verifyEmailThroughApi(server: TestServer, email: string, session: { headers: object }) {
  const response = await server.app.inject({
    method: "POST",
    url: "/api/verify-email",
    headers: { ...xhrHeaders, ...session.headers },
    payload: { code: await readVerificationCode(server.database, email) },
  });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
}
