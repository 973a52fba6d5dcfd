import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: AppDatabase;
  kind: "postgres" | "pglite";
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { url: string; poolMax: number } | { pgliteDir: string };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any fixed number: it only has to be the same in every process that migrates this database. */
const MIGRATION_LOCK_ID = 4_711_2024;

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return "url" in target ? openPostgres(target.url, target.poolMax) : openPglite(target.pgliteDir);
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

  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const isInMemory = dataDir.startsWith("memory://");
  if (!isInMemory) await mkdir(path.dirname(dataDir), { recursive: true });
  // PGlite is a single connection; it queues queries and transactions itself, in order.
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
