import { and, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { type EmailOutcome, MAX_SEND_ATTEMPTS } from "../mail/outbox.ts";

const hasTriesLeft = lt(mailOutbox.attempts, MAX_SEND_ATTEMPTS);

/**
 * What an operator watches (decision 027), in one registry per app: the default global registry would make a
 * second app in the same process (the tests run several) fail on "metric already registered", and would mix
 * their counts. Labels are route patterns, methods, status codes and fixed names: never an address, id or email.
 */

/** A scheduled job as the metrics see it: when it last finished without an error. */
export interface ObservedJob {
  lastSucceededAt(): Date | null;
}

/** The part of a rate-limit key that says what it counts (`login:account-ip:…`); anything else is "other". */
const RATE_LIMIT_SCOPES = new Set(["ip", "account", "account-ip", "device"]);

/** Requests answer in milliseconds; the top buckets are for a database that is slow or away (its 2 s timeout). */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Waiting for a connection is 0 until the pool is too small; the 3 s connection timeout ends the scale. */
const POOL_WAIT_SECONDS_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3];

export function createMetrics(options: {
  database: DatabaseHandle;
  jobs: Record<string, ObservedJob>;
  log: FastifyBaseLogger;
}) {
  const { database, jobs, log } = options;
  const registry = new Registry();
  // CPU, memory, heap, event-loop lag, handles, GC: prom-client's standard process_* and nodejs_* series.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: "precis_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames: ["method", "route", "status_code"] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: "precis_http_request_duration_seconds",
    help: "Time from a request's arrival to its response, by method, route pattern and status code.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: "precis_rate_limit_refusals_total",
    help: "Requests refused with 429 by a rate limit, by route pattern and what the limit counts per (ip, account…).",
    labelNames: ["route", "scope"] as const,
    registers,
  });

  const poolWait = new Histogram({
    name: "precis_db_pool_wait_seconds",
    help: "Time a query or transaction waited for a pooled PostgreSQL connection (none with PGlite).",
    buckets: POOL_WAIT_SECONDS_BUCKETS,
    registers,
  });
  const stopObservingWaits = database.onConnectionWait((seconds) => poolWait.observe(seconds));
  new Gauge({
    name: "precis_db_pool_max_connections",
    help: "Most connections this instance's pool opens (DATABASE_POOL_MAX; 1 for PGlite).",
    registers,
    collect() {
      this.set(database.readPoolStats().max);
    },
  });
  new Gauge({
    name: "precis_db_pool_connections",
    help: "Connections of this instance's pool, by state: open (total), idle, and callers waiting for one.",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const stats = database.readPoolStats();
      this.set({ state: "total" }, stats.total);
      // PGlite's one connection queues inside itself and shows no idle or waiting count: left out, not made up.
      if (stats.idle !== undefined) this.set({ state: "idle" }, stats.idle);
      if (stats.waiting !== undefined) this.set({ state: "waiting" }, stats.waiting);
    },
  });

  const emailsSent = new Counter({
    name: "precis_outbox_sent_total",
    help: "Emails this instance's outbox worker handed to the mail server.",
    registers,
  });
  const emailFailures = new Counter({
    name: "precis_outbox_send_failures_total",
    help: "Attempts of this instance's outbox worker that failed (each is retried later).",
    registers,
  });
  const emailsAbandoned = new Counter({
    name: "precis_outbox_abandoned_total",
    help: "Emails this instance's outbox worker gave up on after their last allowed attempt failed.",
    registers,
  });
  new Gauge({
    name: "precis_outbox_emails",
    help:
      "Emails in the shared outbox not yet sent: queued (all still to be tried), failed (tries left, the last one " +
      "failed) and abandoned (no tries left).",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      try {
        // Both counts read only unsent rows, which the outbox's partial index holds: cheap however much was sent.
        const [row] = await database.db
          .select({
            queued: sql<number>`(count(*) filter (where ${hasTriesLeft}))::int`,
            failed: sql<number>`(count(*) filter (where ${and(hasTriesLeft, isNotNull(mailOutbox.lastError))}))::int`,
            abandoned: sql<number>`(count(*) filter (where not ${hasTriesLeft}))::int`,
          })
          .from(mailOutbox)
          .where(isNull(mailOutbox.sentAt));
        this.set({ state: "queued" }, row?.queued ?? 0);
        this.set({ state: "failed" }, row?.failed ?? 0);
        this.set({ state: "abandoned" }, row?.abandoned ?? 0);
      } catch (error) {
        // A scrape while the database is away still answers with everything else; no stale backlog is shown.
        this.reset();
        log.warn({ err: error }, "metrics could not read the outbox");
      }
    },
  });

  new Gauge({
    name: "precis_scheduled_job_last_success_timestamp_seconds",
    help: "When each scheduled job last finished without an error on this instance (Unix time).",
    labelNames: ["job"] as const,
    registers,
    collect() {
      for (const [job, observed] of Object.entries(jobs)) {
        const at = observed.lastSucceededAt();
        if (at) this.set({ job }, at.getTime() / 1000);
      }
    },
  });

  return {
    registry,
    /** One answered request; `route` is the pattern it matched (`/api/sessions/:id`), never the URL. */
    recordRequest(method: string, route: string, statusCode: number, seconds: number) {
      const labels = { method, route, status_code: String(statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    /** A 429 from a rate limit: the key's middle part when it is one of the known scopes, never the rest of it. */
    recordRateLimitRefusal(route: string, key: string) {
      const scope = key.split(":")[1] ?? "";
      rateLimitRefusals.inc({ route, scope: RATE_LIMIT_SCOPES.has(scope) ? scope : "other" });
    },
    recordEmailOutcome(outcome: EmailOutcome) {
      // A given-up email's last attempt failed too: counted in both.
      if (outcome !== "sent") emailFailures.inc();
      if (outcome === "sent") emailsSent.inc();
      if (outcome === "abandoned") emailsAbandoned.inc();
    },
    stop: stopObservingWaits,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
