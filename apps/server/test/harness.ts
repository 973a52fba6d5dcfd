import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import pg from "pg";
import { createServer, REDACTED_LOG_PATHS } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";

/**
 * Where the API suite keeps its data: PGlite in memory by default, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a fresh database per test file (dropped afterwards) so runs never collide.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteDir: "memory://" });

  const name = `precis_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolMax: 10 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
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
  database?: DatabaseHandle;
}

/** The real server on a real database, driven through `app.inject()` (no port opened). */
export async function startTestServer({ env = {}, database }: TestServerOptions = {}) {
  const config = loadConfig({ WEB_DIST_DIR: "/nonexistent-web-dist", ...env });
  const db = database ?? (await openTestDatabase());
  const logs = createLogCapture();
  const app = await createServer({
    config,
    database: db,
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
