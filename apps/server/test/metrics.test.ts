import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { mailOutbox } from "../src/db/schema/index.ts";
import { enqueueEmail, MAX_SEND_ATTEMPTS } from "../src/modules/mail/outbox.ts";
import { basicAuth, type TestServer, xhrHeaders } from "./harness.ts";
import { runServerProcessToExit } from "./server-process.ts";
import { registerAccount } from "./support/accounts.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";

/** Decision 027: Prometheus metrics for a scraper holding METRICS_TOKEN, with no personal data in them. */
const TOKEN = "metrics-token-for-tests-0123456789abcdef";
const EMAIL = "metrics.person@example.ca";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, sample lines only. */
function parseSamples(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
      );
      return { name: match[1] ?? "", labels, value: Number(match[3]) };
    });
}

const scrape = async (server: TestServer) => {
  const response = await server.app.inject({
    method: "GET",
    url: "/api/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return { text: response.body, samples: parseSamples(response.body), response };
};

const readSample = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;

const server = useTestServer({
  env: { METRICS_TOKEN: TOKEN, LOGIN_MAX_PER_ACCOUNT: "1" },
  // Mail whose subject starts with "Refuse" is refused, as a mail server may refuse any message.
  smtp: {
    onMail: (mail) => {
      if (mail.subject.startsWith("Refuse")) throw new Error("550 refused");
    },
  },
});

describe("GET /api/metrics without METRICS_TOKEN", () => {
  it("answers as a path that does not exist, token or not", async () => {
    await withTestServer({}, async (off) => {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await off.app.inject({ method: "GET", url: "/api/metrics", headers });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe("No API route matches GET /api/metrics.");
      }
      expect(off.app.metrics).toBeNull();
    });
  });
});

describe("GET /api/metrics with METRICS_TOKEN", () => {
  it.each([
    ["no authorization", {}],
    ["a wrong token", { authorization: `Bearer ${TOKEN.slice(0, -1)}x` }],
    ["a longer token", { authorization: `Bearer ${TOKEN}0` }],
    ["the token in another scheme", { authorization: `Basic ${TOKEN}` }],
    ["the token alone", { authorization: TOKEN }],
  ])("answers 401 and nothing else for %s", async (_what, headers) => {
    const response = await server.app.inject({ method: "GET", url: "/api/metrics", headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect(response.json()).toEqual({
      statusCode: 401,
      error: "Unauthorized",
      message: "Send the metrics token as a bearer token.",
      requestId: expect.any(String),
    });
  });

  it("answers the bearer of the token in Prometheus's text format, with process metrics", async () => {
    const { response, samples } = await scrape(server);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(readSample(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(readSample(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it("counts requests per route pattern, method and status, never per URL", async () => {
    const { session } = await registerAccount(server, EMAIL);
    const sessionPath = "/api/sessions/987654";
    const signedOut = await server.app.inject({ method: "DELETE", url: sessionPath, headers: xhrHeaders });
    expect(signedOut.statusCode).toBe(401);
    await server.app.inject({ method: "GET", url: "/api/user-details", headers: session.headers });
    await server.app.inject({ method: "GET", url: `/api/no-such-thing/${encodeURIComponent(EMAIL)}` });

    const { text, samples } = await scrape(server);
    const labels = { method: "DELETE", route: "/api/sessions/:id", status_code: "401" };
    expect(readSample(samples, "precis_http_requests_total", labels)).toBe(1);
    expect(readSample(samples, "precis_http_request_duration_seconds_count", labels)).toBe(1);
    expect(
      readSample(samples, "precis_http_requests_total", { method: "POST", route: "/api/register", status_code: "200" }),
    ).toBe(1);
    expect(
      readSample(samples, "precis_http_requests_total", { method: "GET", route: "unmatched", status_code: "404" }),
    ).toBe(1);
    expect(text).not.toContain("987654");
    expect(text).not.toContain("no-such-thing");

    // Every route label is a route this server has (or "unmatched"), so no URL a caller chose reaches a label.
    const routeLabels = samples.filter((sample) => sample.labels.route !== undefined);
    expect(routeLabels.length).toBeGreaterThan(0);
    for (const { labels: sampleLabels } of routeLabels) {
      if (sampleLabels.route === "unmatched") continue;
      expect(
        server.app.hasRoute({ url: sampleLabels.route ?? "", method: (sampleLabels.method ?? "GET") as "GET" }),
        `${sampleLabels.method} ${sampleLabels.route}`,
      ).toBe(true);
    }
  });

  it("counts rate-limit refusals by route and what the limit counts, without the account or address", async () => {
    const attempt = () =>
      server.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { ...xhrHeaders, authorization: basicAuth(EMAIL, "Wrong-password1") },
      });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
    const { samples } = await scrape(server);
    const refusals = samples.filter((sample) => sample.name === "precis_rate_limit_refusals_total");
    expect(refusals).toEqual([
      { name: "precis_rate_limit_refusals_total", labels: { route: "/api/login", scope: "account-ip" }, value: 1 },
    ]);
  });

  it("shows the outbox's backlog and this worker's sent, failed and given-up attempts", async () => {
    await server.app.mailWorker.runOnce(); // the welcome email of the account above
    const before = await scrape(server);
    const sentBefore = readSample(before.samples, "precis_outbox_sent_total") ?? 0;
    const db = server.database.db;
    const email = { text: "Body\n", html: "<p>Body</p>" };
    await enqueueEmail(db, "reader@example.ca", { ...email, subject: "Delivered" }, server.app.clock());
    await enqueueEmail(db, "other@example.ca", { ...email, subject: "Refused here" }, server.app.clock());

    const queued = await scrape(server);
    expect(readSample(queued.samples, "precis_outbox_emails", { state: "queued" })).toBe(2);
    expect(readSample(queued.samples, "precis_outbox_emails", { state: "failed" })).toBe(0);

    await server.app.mailWorker.runOnce();
    const after = await scrape(server);
    expect(readSample(after.samples, "precis_outbox_sent_total")).toBe(sentBefore + 1);
    expect(readSample(after.samples, "precis_outbox_send_failures_total")).toBe(1);
    expect(readSample(after.samples, "precis_outbox_emails", { state: "queued" })).toBe(1);
    expect(readSample(after.samples, "precis_outbox_emails", { state: "failed" })).toBe(1);

    // Its 29 earlier tries failed too, and the last one is due: it fails, and the outbox gives up on it.
    await db
      .update(mailOutbox)
      .set({ attempts: MAX_SEND_ATTEMPTS - 1, nextAttemptAt: server.app.clock() })
      .where(eq(mailOutbox.subject, "Refused here"));
    await server.app.mailWorker.runOnce();
    const givenUp = await scrape(server);
    expect(readSample(givenUp.samples, "precis_outbox_send_failures_total")).toBe(2);
    expect(readSample(givenUp.samples, "precis_outbox_abandoned_total")).toBe(1);
    expect(readSample(givenUp.samples, "precis_outbox_emails", { state: "queued" })).toBe(0);
    expect(readSample(givenUp.samples, "precis_outbox_emails", { state: "failed" })).toBe(0);
    expect(readSample(givenUp.samples, "precis_outbox_emails", { state: "abandoned" })).toBe(1);

    // Due again by its clock, it is never tried again.
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: server.app.clock() })
      .where(eq(mailOutbox.subject, "Refused here"));
    await server.app.mailWorker.runOnce();
    expect(readSample((await scrape(server)).samples, "precis_outbox_send_failures_total")).toBe(2);
  });

  it("shows each scheduled job's last success once it has run", async () => {
    const name = "precis_scheduled_job_last_success_timestamp_seconds";
    const before = await scrape(server);
    expect(readSample(before.samples, name, { job: "retention" })).toBeUndefined();
    const startedAt = Date.now() / 1000;
    await server.app.retention.runOnce();
    await server.app.accessReminders.runOnce();
    const after = await scrape(server);
    expect(readSample(after.samples, name, { job: "retention" })).toBeGreaterThanOrEqual(Math.floor(startedAt));
    expect(readSample(after.samples, name, { job: "access_reminders" })).toBeGreaterThanOrEqual(Math.floor(startedAt));
    expect(readSample(after.samples, name, { job: "account_deletion" })).toBeUndefined();
  });

  it("shows the database pool: its size, its connections, and how long checkouts waited", async () => {
    const { samples } = await scrape(server);
    if (server.database.kind === "pglite") {
      // One connection that queues inside itself: its size, and nothing it cannot tell.
      expect(readSample(samples, "precis_db_pool_max_connections")).toBe(1);
      expect(readSample(samples, "precis_db_pool_connections", { state: "total" })).toBe(1);
      expect(readSample(samples, "precis_db_pool_connections", { state: "waiting" })).toBeUndefined();
      expect(readSample(samples, "precis_db_pool_wait_seconds_count")).toBe(0);
    } else {
      expect(readSample(samples, "precis_db_pool_max_connections")).toBe(10);
      expect(readSample(samples, "precis_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
      expect(readSample(samples, "precis_db_pool_connections", { state: "waiting" })).toBe(0);
      expect(readSample(samples, "precis_db_pool_wait_seconds_count")).toBeGreaterThan(0);
    }
  });

  it("carries no personal data: no email, address, session or access key anywhere in it", async () => {
    const { session } = await registerAccount(server, "second.person@example.ca");
    const { text, samples } = await scrape(server);
    for (const secret of [
      "@example.ca",
      "metrics.person",
      "127.0.0.1",
      session.accessKey,
      session.cookie.split("=")[1],
    ]) {
      expect(text).not.toContain(secret);
    }
    const labelNames = new Set(samples.flatMap((sample) => Object.keys(sample.labels)));
    // prom-client's own labels (version, GC kind, …) and ours, none of which names a person.
    const ours = ["method", "route", "status_code", "scope", "state", "job"];
    for (const name of labelNames)
      expect(ours.includes(name) || /^(version|major|minor|patch|kind|type|le|space)$/.test(name), name).toBe(true);
  });

  it("keeps each app's counts in its own registry", async () => {
    await withTestServer({ env: { METRICS_TOKEN: TOKEN } }, async (other) => {
      await other.app.inject({ method: "GET", url: "/api/client-config" });
      await other.app.inject({ method: "GET", url: "/api/client-config" });
      await server.app.inject({ method: "GET", url: "/api/client-config" });
      const labels = { method: "GET", route: "/api/client-config", status_code: "200" };
      expect(readSample((await scrape(other)).samples, "precis_http_requests_total", labels)).toBe(2);
      expect(readSample((await scrape(server)).samples, "precis_http_requests_total", labels)).toBe(1);
    });
  });
});

describe("METRICS_TOKEN", () => {
  it("under 32 characters is refused by the configuration, which does not repeat it", () => {
    const short = "short-token-1234567890";
    expect(() => loadConfig({ METRICS_TOKEN: short })).toThrow(
      "METRICS_TOKEN: must be at least 32 characters (for example `openssl rand -hex 32`)",
    );
    expect(() => loadConfig({ METRICS_TOKEN: short })).not.toThrow(short);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metrics.token).toBe(TOKEN);
  });

  it("under 32 characters stops the server's start-up with one clear line", async () => {
    const short = "short-token-1234567890";
    const { code, output } = await runServerProcessToExit({ METRICS_TOKEN: short, DATA_DIR: "memory://unused" });
    expect(code).toBe(78);
    expect(output).toContain("METRICS_TOKEN: must be at least 32 characters");
    expect(output).not.toContain(short);
  }, 60_000);
});
