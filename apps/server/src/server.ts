import path from "node:path";
import { setTimeout } from "node:timers/promises";
import closeWithGrace from "close-with-grace";
import { createServer } from "./app.ts";
import { loadConfigOrExit } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { fillMissingUsernameSkeletons } from "./modules/auth/username-skeleton.ts";
import { fillMissingFirmNameSkeletons } from "./modules/firms/name-skeleton.ts";

/** Time for requests in flight to finish and the database to close, once the listener is closed. */
const CLOSE_TIMEOUT_MS = 10_000;

/** Starts one instance: read the configuration, migrate the database, listen, and shut down cleanly. */
async function main() {
  const config = loadConfigOrExit();

  const database = await openDatabase(
    config.database.url
      ? { url: config.database.url, poolMax: config.database.poolMax }
      : { pgliteDir: path.join(config.dataDir, "pglite") },
  );
  // Accounts older than the skeleton column get theirs before anyone can register a look-alike of them.
  await fillMissingUsernameSkeletons(database.db);
  // Firms likewise, before anyone can create or rename a firm to a look-alike of an older one's name.
  await fillMissingFirmNameSkeletons(database.db);
  const app = await createServer({ config, database });

  // The whole shutdown, drain included, must end within this; a second signal ends it at once.
  closeWithGrace({ delay: config.shutdownDrainMs + CLOSE_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an uncaught error");
    else app.log.info({ signal }, "shutting down");
    // SIGTERM is how orchestrators and process managers stop an instance: answer 503 on /api/ready while still
    // serving, so the load balancer stops sending before the listener closes (decision 027). A person's Ctrl-C
    // (SIGINT) or a crash has no load balancer to wait for.
    if (signal === "SIGTERM" && config.shutdownDrainMs > 0) {
      app.readiness.beginDraining();
      app.log.info({ drainMs: config.shutdownDrainMs }, "draining: /api/ready answers 503 until the listener closes");
      await setTimeout(config.shutdownDrainMs);
    }
    await app.close();
    await database.close();
  });

  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info({ database: database.kind, env: config.env }, `${config.client.productName} is ready at ${address}`);
}

await main();
