import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { runAdminStatement } from "./postgres-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** An already-migrated database each test file's own starts from (harness.ts openTestDatabase). */
    databaseTemplate?: { kind: "postgres"; name: string } | { kind: "pglite"; file: string };
  }
}

/**
 * The API suite's global setup: migrates one database, once a run, for every test file's database to be copied
 * from. Migrating a fresh database (PGlite's initdb and the 20-odd migrations) took 2 to 3.5 s a file; a copy takes
 * a few hundred milliseconds (PostgreSQL's `create database … template`, PGlite's `loadDataDir`). Each file still
 * opens its copy through `openDatabase`, whose migrator then finds nothing to apply, so a template that fell
 * behind the code would be brought up to date, never trusted.
 */
export default async function migrateTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `precis_template_${randomBytes(6).toString("hex")}`;
    await runAdminStatement(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while no one is connected to it.
    await (await openDatabase({ url: url.toString(), poolMax: 1 })).close();
    project.provide("databaseTemplate", { kind: "postgres", name });
    return () => runAdminStatement(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const folder = await mkdtemp(path.join(tmpdir(), "precis-pglite-template-"));
  const file = path.join(folder, "migrated.tar");
  const database = await openDatabase({ pgliteDir: "memory://" });
  const client = (database.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
  await writeFile(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await database.close();
  project.provide("databaseTemplate", { kind: "pglite", file });
  return () => rm(folder, { recursive: true, force: true });
}
