import path from "node:path";
import closeWithGrace from "close-with-grace";
import { createServer } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { fillMissingUsernameSkeletons } from "./modules/auth/username-skeleton.ts";

/** Starts one instance: read the configuration, migrate the database, listen, and shut down cleanly. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }

  const database = await openDatabase(
    config.database.url
      ? { url: config.database.url, poolMax: config.database.poolMax }
      : { pgliteDir: path.join(config.dataDir, "pglite") },
  );
  // Accounts older than the skeleton column get theirs before anyone can register a look-alike of them.
  await fillMissingUsernameSkeletons(database.db);
  const app = await createServer({ config, database });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an uncaught error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
  });

  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info({ database: database.kind, env: config.env }, `${config.client.productName} is ready at ${address}`);
}

await main();
