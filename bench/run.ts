import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runAdminStatement } from "../apps/server/test/postgres-admin.ts";
import { isPostgresReachable, startPrivatePostgres } from "../apps/server/test/private-postgres.ts";
import { ensureWebBuildAndBrowser, type FrontEndFigures, measureFrontEnd, toKilobytes } from "./frontend.ts";
import { alternate, type Comparison, type Figures, summarize, toFigures } from "./lib/compare.ts";
import { measureLoad } from "./lib/load.ts";
import {
  type RunningServer,
  readServeNodeOptions,
  repoRoot,
  runProbe,
  startAppServer,
  startHelloServer,
  workDir,
} from "./lib/processes.ts";
import { measureUsers, type UsersReport } from "./users.ts";

/**
 * `npm run bench`: every figure of issue 8 beside its own baseline, measured alternately in the same
 * run (the machine is shared, so only ratios mean anything), median of ROUNDS rounds.
 * Flags: --no-frontend, --no-lighthouse, --only=reads|writes|login|users|frontend (comma-separated),
 * --routes=/,/profile (the front-end part for these paths only).
 * "users" is issue 29's real use: 10,000 seeded users, each request a random one (see users.ts).
 */
// Five, not the issue's minimum of three: on this shared 2-core host one noisy round in three moved a median
// across a goal's line (the same build's PostgreSQL reads at 0.37× and 0.49× in two runs minutes apart).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 100;
/** Seeded accounts of the real-use part (issue 29); BENCH_USERS only to try the part quickly with fewer. */
const USER_COUNT = Number(process.env.BENCH_USERS ?? 10_000);
const PIPELINING = 10;
const PASSWORD = "Tribunal2024x";
const flags = new Set(process.argv.slice(2));
/** The comma-separated values of `--name=…`, or undefined without that flag. */
const listFlag = (name: string) =>
  [...flags]
    .find((flag) => flag.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(",")
    .filter(Boolean);
const only = listFlag("only");
const wants = (part: string) => !only || only.includes(part);
/** The paths the front-end part measures, when not all: for work on one page, about a minute a path. */
const onlyRoutes = listFlag("routes");
/**
 * What makes a run partial: a part, a page or a setting left out or changed. A partial run writes partial.md and
 * partial.json, so latest.md, the figures the README and the issues quote, always holds a whole run.
 */
const partialBecause = [
  ...[...flags].filter((flag) => flag.startsWith("--")),
  ...["BENCH_ROUNDS", "BENCH_SECONDS", "BENCH_USERS"]
    .filter((name) => process.env[name] !== undefined)
    .map((name) => `${name}=${process.env[name]}`),
];

const xhr = { "x-requested-with": "XMLHttpRequest" };
/** The PGlite server's data, and its outbox (no SMTP_URL). */
const PGLITE_DATA_DIR = path.join(workDir, "pglite-data");

/** A fresh database on the machine's PostgreSQL, or a private cluster when none answers. */
async function preparePostgres() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const privateCluster = (await isPostgresReachable(serverUrl)) ? null : await startPrivatePostgres();
  const adminUrl = privateCluster?.url ?? serverUrl;
  const name = `precis_bench_${randomBytes(5).toString("hex")}`;
  const admin = (statement: string) => runAdminStatement(adminUrl, statement);

  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    where: privateCluster ? "a private initdb cluster" : "the machine's PostgreSQL server",
    drop: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await privateCluster?.destroy();
    },
  };
}

/** Registers a reader and returns the headers that prove its session. */
async function signUp(server: RunningServer, email: string) {
  const response = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { ...xhr, "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`register on ${server.name}: ${response.status} ${await response.text()}`);
  // Every cookie the answer sets (the session's and the browser's device cookie), as a browser sends them back.
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const accessKey = response.headers.get("x-access-key") ?? "";
  return { cookie, "x-access-key": accessKey };
}

/** The body of a PUT /api/user-options that rewrites one saved set, and that set's id. */
async function savedOptionSet(server: RunningServer, session: Record<string, string>) {
  const headers = { ...session, ...xhr, "content-type": "application/json" };
  const current = await (await fetch(`${server.url}/api/user-options`, { headers })).json();
  const created = await fetch(`${server.url}/api/user-options`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ ...current.options[0], id: -1, name: "Bench" }),
  });
  if (!created.ok) throw new Error(`create option set: ${created.status} ${await created.text()}`);
  const { options, updatedOptionId } = await created.json();
  const set = options.find((option: { id: number }) => option.id === updatedOptionId);
  return { id: updatedOptionId as number, body: JSON.stringify({ ...set, name: "Bench (saved)" }) };
}

async function main() {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  // The server is measured as it ships, compiled (about a second): never an older build than the checkout.
  execFileSync("npm", ["run", "build", "--workspace", "@precis/server"], { cwd: repoRoot, stdio: "ignore" });
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  console.log(`Precis bench: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections × ${PIPELINING} pipelined`);
  const comparisons: Comparison[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  let frontEnd: FrontEndFigures | null = null;
  let users: UsersReport | null = null;
  let databaseWhere = "";
  // Ctrl-C still stops the servers and drops the database this run created.
  const onSignal = async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const measuresFrontEnd = wants("frontend") && !flags.has("--no-frontend");
    if (measuresFrontEnd) ensureWebBuildAndBrowser();
    const hello = await startHelloServer();
    cleanups.push(hello.stop);
    const baselineLoad = () =>
      measureLoad({ url: `${hello.url}/`, durationSeconds: SECONDS, connections: CONNECTIONS, pipelining: PIPELINING });

    const postgres = await preparePostgres();
    databaseWhere = postgres.where;
    cleanups.push(postgres.drop);
    // The one-session parts' servers, started when one of those parts runs (not for --only=users).
    let sharedServers: Promise<{ onPostgres: RunningServer; onPglite: RunningServer }> | undefined;
    const startSharedServers = () => {
      sharedServers ??= (async () => {
        const onPostgres = await startAppServer("app-postgres", { DATABASE_URL: postgres.url });
        cleanups.unshift(onPostgres.stop);
        const onPglite = await startAppServer("app-pglite", { DATA_DIR: PGLITE_DATA_DIR });
        cleanups.unshift(onPglite.stop);
        return { onPostgres, onPglite };
      })();
      return sharedServers;
    };

    if (wants("reads")) {
      console.log("Authenticated reads, one session (cache-hit case)");
      const { onPostgres, onPglite } = await startSharedServers();
      for (const server of [onPostgres, onPglite]) {
        const isPostgres = server === onPostgres;
        const session = await signUp(server, `reader-${randomBytes(4).toString("hex")}@example.ca`);
        for (const route of ["/api/user-details", "/api/user-options", "/api/entitlement"]) {
          const rounds = await alternate(
            ROUNDS,
            async () => toFigures(await baselineLoad()),
            async () =>
              toFigures(
                await measureLoad({
                  url: `${server.url}${route}`,
                  headers: session,
                  durationSeconds: SECONDS,
                  connections: CONNECTIONS,
                  pipelining: PIPELINING,
                }),
              ),
          );
          comparisons.push(
            summarize(
              {
                name: `GET ${route} (${isPostgres ? "PostgreSQL" : "PGlite"}), one session (cache-hit case)`,
                target: `GET ${route}, one signed-in session asking the same answer repeatedly`,
                baseline: "bare Fastify hello-world",
                // Issue 8's goal here (≥ 0.40×) was met by per-instance caches, which served one session from
                // memory; the real-use rows showed they did not pay, and decision 030 removed them.
                goal: "no errors (figure reported: no cache since decision 030)",
              },
              rounds,
              (c) => c.errors === 0,
            ),
          );
        }
      }
    }

    if (wants("writes")) {
      console.log("Writes");
      const { onPostgres } = await startSharedServers();
      const session = await signUp(onPostgres, `writer-${randomBytes(4).toString("hex")}@example.ca`);
      const optionSet = await savedOptionSet(onPostgres, session);
      const rounds = await alternate(
        ROUNDS,
        () =>
          runProbe<Figures>("bench/probes/raw-update.ts", {
            DATABASE_URL: postgres.url,
            ROW_ID: String(optionSet.id),
            SET_JSON: optionSet.body,
            CONCURRENCY: String(CONNECTIONS),
            POOL_MAX: "10",
            DURATION_MS: String(SECONDS * 1000),
          }),
        async () =>
          toFigures(
            await measureLoad({
              url: `${onPostgres.url}/api/user-options`,
              method: "PUT",
              headers: { ...session, ...xhr, "content-type": "application/json" },
              body: optionSet.body,
              durationSeconds: SECONDS,
              connections: CONNECTIONS,
              // As many saves in flight as the raw loop has callers (pipelined, 1,000 saves of one row would
              // only wait in the pool's queue, past its 3 s limit).
              pipelining: 1,
            }),
          ),
      );
      comparisons.push(
        summarize(
          {
            name: "PUT /api/user-options (PostgreSQL)",
            target: `PUT /api/user-options rewriting one saved set, ${CONNECTIONS} connections, no pipelining`,
            baseline: `raw node-postgres UPDATE of the same row and columns, ${CONNECTIONS} callers on a pool of 10 (the server's)`,
            goal: "≥ 0.50× the raw update rate, no errors",
          },
          rounds,
          (c) => c.ratio >= 0.5 && c.errors === 0,
        ),
      );
    }

    if (wants("login")) {
      console.log("Login");
      const { onPostgres } = await startSharedServers();
      const email = `login-${randomBytes(4).toString("hex")}@example.ca`;
      const session = await signUp(onPostgres, email);
      const authorization = `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString("base64")}`;
      // One login at a time per connection: argon2 is the bottleneck, pipelining would only queue.
      const loginLoad = (seconds: number) =>
        measureLoad({
          url: `${onPostgres.url}/api/login`,
          method: "POST",
          headers: { ...xhr, authorization },
          durationSeconds: seconds,
          connections: CONNECTIONS,
          pipelining: 1,
        });
      const rounds = await alternate(
        ROUNDS,
        () =>
          runProbe<Figures>("bench/probes/raw-argon2.ts", {
            CONCURRENCY: String(CONNECTIONS),
            DURATION_MS: String(SECONDS * 1000),
          }),
        async () => toFigures(await loginLoad(SECONDS)),
      );
      comparisons.push(
        summarize(
          {
            name: "POST /api/login (PostgreSQL)",
            target: `POST /api/login, ${CONNECTIONS} connections`,
            baseline: `raw argon2id verify (server's parameters), ${CONNECTIONS} at a time, same UV_THREADPOOL_SIZE`,
            goal: "≥ 0.70× the raw verify rate, no errors",
          },
          rounds,
          (c) => c.ratio >= 0.7 && c.errors === 0,
        ),
      );

      // A steady trickle of reads (10 connections, no pipelining) is the probe: idle, then beside a login burst.
      const probe = () =>
        measureLoad({
          url: `${onPostgres.url}/api/user-details`,
          headers: session,
          durationSeconds: SECONDS,
          connections: 10,
          pipelining: 1,
        });
      const burstRounds = await alternate(
        ROUNDS,
        async () => toFigures(await probe()),
        async () => {
          const burst = loginLoad(SECONDS + 1);
          const figures = toFigures(await probe());
          await burst;
          return figures;
        },
      );
      comparisons.push(
        summarize(
          {
            name: "GET /api/user-details during a login burst",
            target: "user-details probe (10 connections) while 100 connections log in",
            baseline: "the same probe, idle",
            goal: "p99 ≤ 2× idle p99, no errors",
          },
          burstRounds,
          (c) => (c.p99Ratio ?? Number.POSITIVE_INFINITY) <= 2 && c.errors === 0,
        ),
      );
    }

    if (wants("users")) {
      console.log(`Real use (issue 29): ${USER_COUNT.toLocaleString("en-CA")} seeded users, each request a random one`);
      const measured = await measureUsers({
        databaseUrl: postgres.url,
        hello,
        rounds: ROUNDS,
        seconds: SECONDS,
        connections: CONNECTIONS,
        userCount: USER_COUNT,
        cleanups,
      });
      comparisons.push(...measured.comparisons);
      users = measured.report;
    }

    if (measuresFrontEnd) {
      console.log("Front end");
      const { onPglite } = await startSharedServers();
      frontEnd = await measureFrontEnd({
        server: onPglite,
        // Without SMTP_URL the server writes its emails there: the signed-in routes' account reads its code.
        mailOutbox: path.join(PGLITE_DATA_DIR, "outbox"),
        lighthouse: !flags.has("--no-lighthouse"),
        ...(onlyRoutes ? { onlyRoutes } : {}),
      });
    }
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error("cleanup:", error));
  }

  const report = {
    partialBecause,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg(),
      node: process.version,
      // Every process the bench starts (servers, baseline, probes) runs with these, as `npm run serve` does.
      nodeOptions: readServeNodeOptions().join(" "),
      uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? "4 (default)",
      postgres: databaseWhere,
    },
    settings: { rounds: ROUNDS, secondsPerRound: SECONDS, connections: CONNECTIONS, pipelining: PIPELINING },
    comparisons,
    users,
    frontEnd,
  };
  const resultsDir = path.join(repoRoot, "bench/results");
  const resultName = partialBecause.length ? "partial" : "latest";
  writeFileSync(path.join(resultsDir, `${resultName}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${resultName}.md`), renderMarkdown(report));
  console.log(`\n${renderTable(comparisons)}`);
  if (users) console.log(`\n${renderUsers(users).join("\n")}`);
  console.log(
    `\nLoad average at start ${formatLoad(loadAverageAtStart)}, at end ${formatLoad(report.machine.loadAverageAtEnd)}`,
  );
  console.log(`Wrote bench/results/${resultName}.json and ${resultName}.md`);
}

const round = (value: number | undefined, digits = 0) => (value === undefined ? "–" : value.toFixed(digits));
const scoreCell = (score: number | null | undefined, error: string | undefined, goal: string) =>
  score === undefined
    ? "–"
    : score === null
      ? `no score (${error ?? "unknown error"})`
      : `${score.toFixed(2)} (goal ${goal})`;
const verdictOf = (holds: boolean | null) => (holds === null ? "reported" : holds ? "holds" : "MISSED");

function renderTable(comparisons: Comparison[]) {
  const rows = comparisons.map((c) => [
    c.name,
    round(c.targetRps),
    round(c.baselineRps),
    `${c.ratio.toFixed(2)}×`,
    c.p50Ms === undefined ? "–" : `${round(c.p50Ms, 1)} / ${round(c.baselineP50Ms, 1)}`,
    `${round(c.p99Ms, c.p50Ms === undefined ? 0 : 1)} / ${round(c.baselineP99Ms, c.p50Ms === undefined ? 0 : 1)}`,
    c.p99Ratio === undefined ? "–" : `${c.p99Ratio.toFixed(2)}×`,
    String(c.errors),
    c.goal,
    verdictOf(c.holds),
  ]);
  const header = [
    "figure",
    "rps",
    "baseline rps",
    "ratio",
    "p50 ms / base",
    "p99 ms / base",
    "p99 ratio",
    "errors",
    "goal",
    "verdict",
  ];
  return [header, header.map(() => "---"), ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");
}

const formatLoad = (load: number[]) => load.map((value) => value.toFixed(2)).join(", ");
const formatStatuses = (statuses: Record<string, Record<string, number>>) =>
  Object.entries(statuses).map(
    ([kind, counts]) =>
      `  - ${kind}: ${Object.entries(counts)
        .map(([status, count]) => `${count} × ${status}`)
        .join(", ")}`,
  );

/** The real-use part's figures beside its rows: seeding, caches, the open loop's hostile share, the raw SQL. */
function renderUsers(users: UsersReport) {
  const ratio = users.postgresBufferHitRatio;
  return [
    `Real use: ${users.seed.users} users seeded with live sessions in ${users.seed.seconds.toFixed(1)} s (set-based SQL), ${users.seed.usersWithKnownPassword} of them with the known password; ${users.connections} connections; server pool ${users.poolMax}.`,
    `Load average during the part: ${formatLoad(users.loadAverageAtStart)} at its start, ${formatLoad(users.loadAverageAtEnd)} at its end.`,
    `Open loop at ${users.openLoopRate} requests/s (half the full mix's maximum): all honest requests p50 ${users.openLoop.honestP50Ms.toFixed(1)} ms, p99 ${users.openLoop.honestP99Ms.toFixed(1)} ms; with 5% hostile, honest p99 ${users.openLoop.honestP99MsWithHostile.toFixed(1)} ms.`,
    `Hostile requests: ${users.openLoop.hostileRequests}, answered other than 4xx: ${users.openLoop.hostileNot4xx}; 5xx answers in the open loop (any request): ${users.openLoop.serverErrors}.`,
    `PostgreSQL buffer cache hit ratio over the part: ${ratio === null ? "no blocks touched" : `${(ratio * 100).toFixed(2)}%`} (${users.postgresBlocks.hit} hits, ${users.postgresBlocks.read} reads from disk or the OS cache; baselines' queries included).`,
    ...(["userDetails", "memoUsage"] as const).map((operation) => {
      const { precisMs, peerMs, rounds } = users.cpuPerAnswer[operation];
      const name = operation === "userDetails" ? "GET /api/user-details" : "POST /api/memo-usage";
      return `Server CPU time per answer of ${name} (median of the rounds): Precis ${precisMs.toFixed(3)} ms, the hand-written peer ${peerMs.toFixed(3)} ms (rounds, Precis / peer: ${rounds.map((r) => `${r.precisMs.toFixed(3)} / ${r.peerMs.toFixed(3)} ms at ${r.precisRps.toFixed(0)} / ${r.peerRps.toFixed(0)} answers/s`).join("; ")}).`;
    }),
    `Application cache (server's /api/metrics): ${users.applicationCache === "no application cache" ? "no application cache" : users.applicationCache.join("; ")}.`,
    "Answers of the full mix at its maximum, by kind and status (all rounds, warm-up included):",
    ...formatStatuses(users.statuses.fullMixClosedLoop),
    "Answers of the open loop with 5% hostile, by kind and status (recorded rounds):",
    ...formatStatuses(users.statuses.openLoopWithHostile),
  ];
}

function renderMarkdown(report: {
  partialBecause: string[];
  startedAt: string;
  machine: Record<string, unknown>;
  settings: Record<string, unknown>;
  comparisons: Comparison[];
  users: UsersReport | null;
  frontEnd: FrontEndFigures | null;
}) {
  const lines = [
    report.partialBecause.length
      ? `# Bench results (a partial run of \`npm run bench\`: ${report.partialBecause.join(" ")})`
      : "# Bench results (latest run of `npm run bench`)",
    "",
    `Run at ${report.startedAt}. Machine: ${JSON.stringify(report.machine)}. Settings: ${JSON.stringify(report.settings)}.`,
    "",
    "Every figure is the median of the rounds; each round measures the baseline and then the target, so a busy",
    "moment of the (shared) machine hits both. rps counts 2xx answers only; errors = connection errors + timeouts + non-2xx.",
    "",
    "## Server",
    "",
    renderTable(report.comparisons),
    "",
    "Baselines:",
    "",
    ...report.comparisons.map((c) => `- ${c.name}: target = ${c.target}; baseline = ${c.baseline}.`),
    "",
  ];
  if (report.users) {
    lines.push(
      "## Real use (issue 29)",
      "",
      ...renderUsers(report.users).map((line) => (line.startsWith("  - ") ? line.slice(2) : line)),
      "",
      "The raw node-postgres baselines' SQL ($1 = SHA-256 of the presented token, $2 = the month; each a named, prepared statement; the access key's hash is compared in the probe, as the server does):",
      "",
      ...Object.entries(report.users.rawSql).flatMap(([name, sql]) => [`${name}:`, "", "```sql", sql, "```", ""]),
    );
  }
  if (report.frontEnd) {
    const fe = report.frontEnd;
    lines.push(
      "## Front end",
      "",
      `Bare React + react-router build made in the same run: ${toKilobytes(fe.bareGzipBytes)} kB gzip of JavaScript.`,
      "",
      "| route | JS files loaded first | gzip kB | × bare | goal | Lighthouse performance (median) | runs | bare build's latest performance, at most 2 routes earlier | Lighthouse accessibility (worst run) |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      ...fe.routes
        .map((route) =>
          [
            route.route + (route.signedIn ? " (signed in)" : ""),
            String(route.files.length),
            toKilobytes(route.gzipBytes),
            `${(route.gzipBytes / fe.bareGzipBytes).toFixed(2)}×`,
            route.budgetBytes
              ? `≤ ${route.budgetBytes / 1000} kB: ${route.gzipBytes <= route.budgetBytes ? "holds" : "MISSED"}`
              : "–",
            scoreCell(
              route.lighthouse?.performance,
              route.lighthouse?.error,
              `≥ ${route.lighthouse?.performanceGoal.toFixed(2)}, ${route.lighthouse?.preset}`,
            ),
            [
              route.lighthouse?.performanceRuns.map((score) => score.toFixed(2)).join(", ") || "–",
              // A run that ended in Lighthouse's runtime error has no score: say so instead of dropping it silently.
              route.lighthouse?.error && route.lighthouse.performanceRuns.length
                ? `(other runs: ${route.lighthouse.error})`
                : "",
            ]
              .join(" ")
              .trim(),
            route.lighthouse?.barePerformance?.toFixed(2) ?? "–",
            scoreCell(route.lighthouse?.accessibility, route.lighthouse?.error, "1.00"),
          ].join(" | "),
        )
        .map((row) => `| ${row} |`),
      "",
      fe.notes.map((note) => `- ${note}`).join("\n"),
      "",
    );
  }
  return `${lines.join("\n")}\n`;
}

await main();
