import path from "node:path";
import { loadConfigOrExit } from "./config.ts";
import { openDatabase } from "./db/client.ts";

/**
 * `npm run db:migrate`: brings the database's schema up to date and exits, with the same configuration as the
 * server. A deploy runs it first, then restarts the instances one by one (README, "Running several instances").
 * Every instance also migrates as it starts, under the same advisory lock, so skipping this step is safe too:
 * it only moves the wait for a long migration out of an instance's start.
 */
async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase(
    config.database.url ? { url: config.database.url, poolMax: 1 } : { pgliteDir: path.join(config.dataDir, "pglite") },
  );
  await database.close();
  console.log(`The ${database.kind === "postgres" ? "PostgreSQL" : "PGlite"} database is up to date.`);
}

await main();
