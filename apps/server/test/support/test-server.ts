import { afterAll, beforeAll, beforeEach } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import {
  type createTestClock,
  startTestServer,
  type TestDatabase,
  type TestServer,
  type TestServerOptions,
} from "../harness.ts";
import { type ReceivedMail, startSmtpServer } from "../smtp.ts";

export type TestClock = ReturnType<typeof createTestClock>;
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

export interface FileServerOptions {
  /** The server's settings; a function when one is known only once another `beforeAll` has run (a port). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** The clock the server reads; each test then starts a day later, in fresh rate-limit windows. */
  time?: TestClock;
  /** Start the day-a-test clock only where a file wants it (default: whenever there is a clock). */
  isNewDayEachTest?: boolean;
  /** A real SMTP server on loopback for the outbox to send to (`SMTP_URL`), with a hook for each mail. */
  smtp?: boolean | { onMail: (mail: ReceivedMail) => void | Promise<void> };
  /** Run as a second instance on this server's database, with a connection pool of its own (see openOwnPool). */
  sharesDatabaseWith?: TestServer;
}

/** The file's server, its SMTP server and its clock, live once the file's `beforeAll` has run. */
export interface FileServer extends TestServer {
  readonly smtp: SmtpServer;
}

/**
 * One server for a whole test file: started in `beforeAll` (after its SMTP server, which it sends to), closed
 * in `afterAll` (before it), and the clock moved a day before each test. What it returns reads the started
 * server, so tests use it as they would the server itself (`server.app.inject(...)`).
 */
export function useTestServer({
  env = {},
  time,
  isNewDayEachTest = true,
  smtp,
  sharesDatabaseWith,
}: FileServerOptions = {}): FileServer {
  let started: TestServer | undefined;
  let mailServer: SmtpServer | undefined;
  let ownPool: TestDatabase | undefined;
  const current = () => {
    if (!started) throw new Error("the test server starts in beforeAll: use it inside a test or a hook");
    return started;
  };

  beforeAll(async () => {
    if (smtp) mailServer = await startSmtpServer(0, smtp === true ? undefined : smtp.onMail);
    if (sharesDatabaseWith) ownPool = await openOwnPool(sharesDatabaseWith.database);
    started = await startTestServer({
      clock: time?.clock,
      database: ownPool,
      env: { ...(mailServer ? { SMTP_URL: mailServer.url } : {}), ...(typeof env === "function" ? env() : env) },
    });
  });
  afterAll(async () => {
    await started?.close();
    if (ownPool && ownPool !== sharesDatabaseWith?.database) await ownPool.close();
    await mailServer?.close();
  });
  if (time && isNewDayEachTest) {
    // Every test starts in fresh rate-limit windows, and with sessions of its own.
    beforeEach(() => time.advanceDays(1));
  }

  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get database() {
      return current().database;
    },
    get logs() {
      return current().logs;
    },
    get smtp() {
      if (!mailServer) throw new Error("this file's server has no SMTP server: pass { smtp: true }");
      return mailServer;
    },
    close: () => current().close(),
  };
}

/**
 * Runs `use` on a server of its own, closed afterwards whether the test passed or not: for a test whose server
 * differs from its file's (another build, database or clock).
 */
export async function withTestServer<Result>(options: TestServerOptions, use: (server: TestServer) => Promise<Result>) {
  const server = await startTestServer(options);
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

/**
 * A connection pool of its own on `database`, as a second process of the service would open: on PostgreSQL a new
 * pool on the same database; on PGlite, which is one process's database, the same handle.
 */
export const openOwnPool = async (database: TestDatabase): Promise<TestDatabase> =>
  database.url ? openDatabase({ url: database.url, poolMax: 5 }) : database;

/** Runs `use` on a second instance on `of`'s database, with a pool of its own; closed afterwards whatever the outcome. */
export async function withSecondInstance<Result>(
  of: TestServer,
  options: Omit<TestServerOptions, "database">,
  use: (second: TestServer) => Promise<Result>,
) {
  const ownPool = await openOwnPool(of.database);
  try {
    return await withTestServer({ ...options, database: ownPool }, use);
  } finally {
    if (ownPool !== of.database) await ownPool.close();
  }
}

/**
 * Runs `use` on two instances of the server on one fresh database, each with its own pool as two processes would
 * have; all closed afterwards whether the test passed or not.
 */
export const withTwoInstances = <Result>(
  options: Omit<TestServerOptions, "database">,
  use: (first: TestServer, second: TestServer) => Promise<Result>,
) => withTestServer(options, (first) => withSecondInstance(first, options, (second) => use(first, second)));
