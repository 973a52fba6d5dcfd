import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: AppDatabase;
  kind: "postgres" | "pglite";
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool as it is now, for metrics. */
  readPoolStats(): PoolStats;
  /**
   * Calls `listener` with the seconds each checkout of a connection waited, the sign of a pool too small for its
   * load; returns the unsubscribe. PGlite has no pool (one connection that queues inside it): never called.
   */
  onConnectionWait(listener: (seconds: number) => void): () => void;
}

/** PostgreSQL: pg.Pool's counts. PGlite: one connection, whose internal queue it does not show (so no idle or waiting). */
export interface PoolStats {
  max: number;
  total: number;
  idle?: number;
  waiting?: number;
}

export type DatabaseTarget =
  | { url: string; poolMax: number }
  /** `loadDataDir`: start from a copy of another PGlite's files (a test's already-migrated template) instead of initdb. */
  | { pgliteDir: string; loadDataDir?: Blob };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any fixed number: it only has to be the same in every process that migrates this database. */
const MIGRATION_LOCK_ID = 4_711_2024;

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return "url" in target ? openPostgres(target.url, target.poolMax) : openPglite(target.pgliteDir, target.loadDataDir);
}

async function openPostgres(url: string, poolMax: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    // Fail a request quickly instead of queueing it forever while the database is away: a caller gets 503
    // within 5 s (issue 8) even in the worst case of waiting for a pooled connection and then a query that
    // never answers. Our queries take milliseconds; the wait for a connection is what grows under load.
    connectionTimeoutMillis: 3_000,
    query_timeout: 2_000,
    idleTimeoutMillis: 30_000,
  });
  // A client that loses its connection emits 'error' (idle in the pool, or checked out between two queries
  // of a transaction when PostgreSQL shuts down); without a listener that would crash the process. The
  // query in progress fails on its own and the pool drops the broken client.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));

  // Several instances may start at once: the advisory lock lets exactly one of them migrate. A connection of
  // its own, without the pool's query timeout: waiting for another instance's migration, or a migration
  // itself, may take longer than a request ever should.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }

  const waitListeners = new Set<(seconds: number) => void>();
  timeConnectionWaits(pool, (seconds) => {
    for (const listener of waitListeners) listener(seconds);
  });

  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    ping: () => pingDatabase(db),
    close: () => pool.end(),
    readPoolStats: () => ({ max: poolMax, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onConnectionWait: (listener) => {
      waitListeners.add(listener);
      return () => waitListeners.delete(listener);
    },
  };
}

/**
 * pg.Pool counts its waiters but does not time them: every checkout (a query's, or a transaction's) goes through
 * `connect`, callback-style from `pool.query` and promise-style from a transaction, so both are timed here.
 */
function timeConnectionWaits(pool: pg.Pool, observe: (seconds: number) => void) {
  type Done = (error: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void;
  const connect = pool.connect.bind(pool) as (callback?: Done) => Promise<pg.PoolClient> | undefined;
  const timed = (callback?: Done) => {
    const startedAt = performance.now();
    const observed = () => observe((performance.now() - startedAt) / 1000);
    if (!callback) return (connect() as Promise<pg.PoolClient>).finally(observed);
    return connect((error, client, release) => {
      observed();
      callback(error, client, release);
    });
  };
  pool.connect = timed as typeof pool.connect;
}

/** The cheapest round trip that proves the database answers (readiness). */
async function pingDatabase(db: AppDatabase) {
  await db.execute(sql`select 1`);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const isInMemory = dataDir.startsWith("memory://");
  if (!isInMemory) await mkdir(path.dirname(dataDir), { recursive: true });
  // PGlite is a single connection; it queues queries and transactions itself, in order.
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    ping: () => pingDatabase(db),
    close: () => client.close(),
    readPoolStats: () => ({ max: 1, total: client.closed ? 0 : 1 }),
    onConnectionWait: () => () => {},
  };
}

/** When each migration this code ships was made (drizzle's ledger key), read once. */
let shippedMigrationMillis: number[] | undefined;

/**
 * How many of this code's migrations the database has not applied, read from drizzle's own ledger the way its
 * migrator reads it. Zero once `openDatabase` has migrated; more when the database was restored from an older
 * backup, or is another copy, under a running instance.
 */
export async function countPendingMigrations(db: AppDatabase): Promise<number> {
  shippedMigrationMillis ??= readMigrationFiles({ migrationsFolder }).map((file) => file.folderMillis);
  const result = (await db.execute(
    sql`select coalesce(max(created_at), 0) as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: string | number }[] };
  const applied = Number(result.rows[0]?.applied ?? 0);
  return shippedMigrationMillis.filter((millis) => millis > applied).length;
}
