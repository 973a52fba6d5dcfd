import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config.ts";
import type { AppDatabase } from "../db/client.ts";
import type { Clock } from "./clock.ts";

/** What a scheduled job works with: the database, the settings, the app's clock (a test's, in tests) and the log. */
export interface ScheduledJobContext<Config = AppConfig> {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * A job every instance runs once at start and then every hour while it listens (decision 024: what makes
 * the work happen once is in the data, under an advisory lock or a lease). `runOnce` is for tests and their
 * clocks; a failed run is logged and simply waits for the next hour.
 */
export function createHourlyJob<T>(name: string, run: () => Promise<T>, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  // Real time, not the app's clock: it is published as a metric, which alerts compare with the scraper's time.
  let lastSucceededAt: Date | null = null;
  const runRecorded = async () => {
    const result = await run();
    lastSucceededAt = new Date();
    return result;
  };
  const runLogged = () =>
    runRecorded().catch((error: unknown) =>
      log.error({ err: error, job: name }, `${name} failed; next try in an hour`),
    );
  return {
    runOnce: runRecorded,
    /** When a run last finished without an error on this instance (whether it found work or not). */
    lastSucceededAt: () => lastSucceededAt,
    start() {
      void runLogged();
      timer = setInterval(runLogged, HOUR_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
