import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { alternateMany, type Comparison, type Figures, summarize } from "./lib/compare.ts";
import {
  type RunningServer,
  readCpuSeconds,
  runProbe,
  startAppServer,
  startPeerServer,
  workDir,
} from "./lib/processes.ts";
import { memoUsageStatements, readStatements } from "./lib/raw-sql.ts";
import { type SeedFigures, seedUsers, writeUsersFile } from "./lib/seed-users.ts";
import {
  asHelloWorld,
  closeOpenLoopPools,
  countErrors,
  measureClosedLoop,
  measureOpenLoop,
  type TrafficFigures,
} from "./lib/user-load.ts";
import {
  createRequestSource,
  fullMix,
  loginMix,
  type Mix,
  memoUsageMix,
  type PlannedRequest,
  readsMix,
  userDetailsMix,
} from "./lib/user-requests.ts";

/** What the real-use part reports beside its rows (issue 29). */
export interface UsersReport {
  seed: SeedFigures;
  connections: number;
  poolMax: number;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  /** Half the full mix's measured maximum: the open loop's arrival rate. */
  openLoopRate: number;
  /** PostgreSQL's shared-buffer hit ratio over the part (blks_hit / (blks_hit + blks_read), deltas). */
  postgresBufferHitRatio: number | null;
  postgresBlocks: { hit: number; read: number };
  /** The server's cache counters from /api/metrics, or a note that it has none. */
  applicationCache: string[] | "no application cache";
  /** Answers by kind and status, summed over the recorded rounds. */
  statuses: {
    fullMixClosedLoop: Record<string, Record<string, number>>;
    openLoopWithHostile: Record<string, Record<string, number>>;
  };
  openLoop: {
    honestP50Ms: number;
    honestP99Ms: number;
    honestP99MsWithHostile: number;
    hostileRequests: number;
    hostileNot4xx: number;
    serverErrors: number;
  };
  rawSql: Record<string, string>;
  /** GET /api/user-details and POST /api/memo-usage beside the hand-written peer (issue 41): each server's CPU time per right answer. */
  cpuPerAnswer: Record<"userDetails" | "memoUsage", CpuPerAnswer>;
}

interface CpuPerAnswer {
  rounds: { precisMs: number; peerMs: number; precisRps: number; peerRps: number }[];
  precisMs: number;
  peerMs: number;
}

const PASSWORD = "Tribunal2024x";

const sumStatuses = (runs: TrafficFigures[]) => {
  const sum: Record<string, Record<string, number>> = {};
  for (const run of runs) {
    for (const [kind, statuses] of Object.entries(run.statuses)) {
      const into = sum[kind] ?? {};
      sum[kind] = into;
      for (const [status, count] of Object.entries(statuses)) into[status] = (into[status] ?? 0) + count;
    }
  }
  return sum;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function cpuPerAnswerOf(rounds: CpuPerAnswer["rounds"]): CpuPerAnswer {
  return {
    rounds,
    precisMs: median(rounds.map((round) => round.precisMs)),
    peerMs: median(rounds.map((round) => round.peerMs)),
  };
}

async function readBufferCounters(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_stat_clear_snapshot()");
    const { rows } = await client.query<{ hit: string; read: string }>(
      "select blks_hit as hit, blks_read as read from pg_stat_database where datname = current_database()",
    );
    return { hit: Number(rows[0]?.hit ?? 0), read: Number(rows[0]?.read ?? 0) };
  } finally {
    await client.end();
  }
}

/** Every series of the server's /api/metrics whose name speaks of a cache (hits, misses, sizes), as printed there. */
async function readApplicationCacheMetrics(server: RunningServer, token: string) {
  const response = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/metrics: ${response.status} ${await response.text()}`);
  const lines = (await response.text()).split("\n").filter((line) => line && !line.startsWith("#"));
  const cacheLines = lines.filter((line) => /cache/i.test(line.split(/[{\s]/)[0] ?? ""));
  return cacheLines.length ? cacheLines : ("no application cache" as const);
}

/** Checks a sample of seeded users through the server before any load: every honest operation answers rightly. */
async function checkSample(server: RunningServer, next: () => PlannedRequest, count: number) {
  for (let index = 0; index < count; index += 1) {
    const request = next();
    const response = await fetch(`${server.url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const body = await response.text();
    if (!request.isRightAnswer(response.status, body)) {
      throw new Error(`seeded users: ${request.kind} answered ${response.status} ${body.slice(0, 300)}`);
    }
  }
}

/** Sends the same requests to both servers and fails unless they give the same status, body and cache-control. */
async function checkSameAnswers(server: RunningServer, peer: RunningServer, next: () => PlannedRequest, count: number) {
  for (let index = 0; index < count; index += 1) {
    const request = next();
    const [ours, theirs] = await Promise.all(
      [server, peer].map(async (target) => {
        const response = await fetch(`${target.url}${request.path}`, { headers: request.headers });
        return `${response.status} ${response.headers.get("cache-control")} ${await response.text()}`;
      }),
    );
    if (ours !== theirs) throw new Error(`the peer answers ${request.path} otherwise:\n${ours}\n${theirs}`);
  }
}

/**
 * Issue 29: real use on PostgreSQL. 10,000 seeded users with live sessions, each request a new random one:
 * the reads, the memo counting and the extension's whole mix at the most the server takes (closed loop), beside
 * bare Fastify and the raw driver running the least SQL each needs; sign-ins beside argon2 on the server's own
 * hashing pool; then the mix at half its maximum as an open loop, with and without 5% hostile requests.
 */
export async function measureUsers(options: {
  databaseUrl: string;
  hello: RunningServer;
  rounds: number;
  seconds: number;
  connections: number;
  userCount: number;
  cleanups: (() => Promise<unknown>)[];
}): Promise<{ comparisons: Comparison[]; report: UsersReport }> {
  const { rounds, seconds, connections, hello } = options;
  const loadAverageAtStart = os.loadavg();
  const metricsToken = randomBytes(24).toString("hex");
  // Its own server, with metrics on (as an operator runs it), on the run's database.
  const server = await startAppServer("app-users", { DATABASE_URL: options.databaseUrl, METRICS_TOKEN: metricsToken });
  options.cleanups.unshift(server.stop);
  try {
    const poolMax = Number(process.env.DATABASE_POOL_MAX ?? 10);
    const { users, figures: seed } = await seedUsers(options.databaseUrl, {
      count: options.userCount,
      knownPasswordCount: Math.min(400, Math.floor(options.userCount / 10)),
      password: PASSWORD,
    });
    console.log(`  seeded ${seed.users} users with live sessions in ${seed.seconds.toFixed(1)} s`);
    const usersFile = path.join(workDir, "seeded-users.json");
    writeUsersFile(usersFile, users);

    const source = (mix: typeof readsMix, hostileShare = 0) =>
      createRequestSource(users, { mix, password: PASSWORD, hostileShare });
    await checkSample(server, source(fullMix), 200);
    await checkSample(server, source(loginMix), 5);

    const blocksAtStart = await readBufferCounters(options.databaseUrl);
    const closedLoop = (target: RunningServer, next: () => PlannedRequest) =>
      measureClosedLoop({ url: target.url, next, seconds, connections });
    const closedFigures = (figures: TrafficFigures): Figures => ({
      rps: figures.rps,
      p50Ms: figures.p50Ms,
      p99Ms: figures.p99Ms,
      errors: countErrors(figures),
    });
    const helloOf = (next: () => PlannedRequest) => () => asHelloWorld(next());
    const rawProbe = (mode: "reads" | "memo-usage") => () =>
      runProbe<Figures>("bench/probes/raw-users.ts", {
        DATABASE_URL: options.databaseUrl,
        USERS_FILE: usersFile,
        MODE: mode,
        CONCURRENCY: String(connections),
        POOL_MAX: String(poolMax),
        DURATION_MS: String(seconds * 1000),
      });
    const comparisons: Comparison[] = [];
    const userWord = `${users.length.toLocaleString("en-CA")} distinct users`;

    // One round measures every closed-loop figure in turn, so a busy moment of the machine hits them all alike; the
    // hello-world run serves as the baseline of both the reads and the mix (the same client, the mix's headers).
    console.log(`  closed loop: reads, memo counting and the full mix by ${userWord}`);
    const mixRuns: TrafficFigures[] = [];
    const closed = await alternateMany<Figures>(rounds, [
      async () => closedFigures(await closedLoop(hello, helloOf(source(fullMix)))),
      rawProbe("reads"),
      async () => closedFigures(await closedLoop(server, source(readsMix))),
      rawProbe("memo-usage"),
      async () => closedFigures(await closedLoop(server, source(memoUsageMix))),
      async () => {
        const figures = await closedLoop(server, source(fullMix));
        mixRuns.push(figures);
        return closedFigures(figures);
      },
    ]);
    const pair = (baseline: number, target: number) =>
      closed.map((round) => ({ baseline: round[baseline] as Figures, target: round[target] as Figures }));
    const helloBaseline = "bare Fastify hello-world, the same client sending the full mix's requests (same headers)";
    const readsTarget = `the three GETs in equal shares, each request a random user's session, ${connections} connections`;
    comparisons.push(
      summarize(
        {
          name: `reads by ${userWord} vs raw node-postgres`,
          target: readsTarget,
          baseline: `raw node-postgres, one joined statement per read (session by token hash + user + the read's rows), ${connections} callers on a pool of ${poolMax} (the server's)`,
          goal: "≥ 0.50× raw, no errors",
        },
        pair(1, 2),
        (c) => c.ratio >= 0.5 && c.errors === 0,
      ),
      summarize(
        {
          name: `reads by ${userWord} vs hello-world`,
          target: readsTarget,
          baseline: helloBaseline,
          goal: "≥ 0.15× hello-world, no errors",
        },
        pair(0, 2),
        (c) => c.ratio >= 0.15 && c.errors === 0,
      ),
      summarize(
        {
          name: `POST /api/memo-usage by ${userWord}`,
          target: `POST /api/memo-usage, each request a random user's session, ${connections} connections`,
          baseline: `raw node-postgres: the session + user lookup, then the counter's upsert, ${connections} callers on a pool of ${poolMax}`,
          goal: "≥ 0.50× raw upsert, no errors",
        },
        pair(3, 4),
        (c) => c.ratio >= 0.5 && c.errors === 0,
      ),
    );
    const mixComparison = summarize(
      {
        name: `full mix by ${userWord} (max rate)`,
        target: `the extension's mix (24.4% each of the three GETs and POST /api/memo-usage, 1% PUT /api/user-options, 1% PATCH /api/user-details, 0.4% POST /api/login), ${connections} connections`,
        baseline: helloBaseline,
        goal: "no errors (rate reported)",
      },
      pair(0, 5),
      (c) => c.errors === 0,
    );
    comparisons.push(mixComparison);

    // Issue 41: how much the server does beyond the database, as CPU time per answer, which the neighbours' load
    // on this shared machine leaves alone (throughput swings by ×3 from round to round). Precis and the peer take
    // turns with the same client and the same random users, for the extension's most frequent read and its write.
    console.log(
      `  server CPU per answer: user details and memo counting by ${userWord}, Precis and the hand-written peer`,
    );
    const peer = await startPeerServer(options.databaseUrl, poolMax);
    options.cleanups.unshift(peer.stop);
    await checkSameAnswers(server, peer, source(userDetailsMix), 200);
    const perCpuSecond = (target: RunningServer, mix: Mix) => async () => {
      const cpuBefore = readCpuSeconds(target.child);
      const figures = await closedLoop(target, source(mix));
      const cpuSeconds = readCpuSeconds(target.child) - cpuBefore;
      const answers = figures.honestRequests - figures.honestWrong;
      return { figures, cpuSeconds, answers };
    };
    const cpu = await alternateMany(rounds, [
      perCpuSecond(server, userDetailsMix),
      perCpuSecond(peer, userDetailsMix),
      perCpuSecond(server, memoUsageMix),
      perCpuSecond(peer, memoUsageMix),
    ]);
    await peer.stop();
    type CpuRun = Awaited<ReturnType<ReturnType<typeof perCpuSecond>>>;
    const cpuRoundsOf = (ours: number, theirs: number) =>
      cpu.map((round) => {
        const [precis, peerRun] = [round[ours], round[theirs]] as [CpuRun, CpuRun];
        return {
          precisMs: (precis.cpuSeconds * 1000) / precis.answers,
          peerMs: (peerRun.cpuSeconds * 1000) / peerRun.answers,
          precisRps: precis.figures.rps,
          peerRps: peerRun.figures.rps,
        };
      });
    const cpuRounds = { userDetails: cpuRoundsOf(0, 1), memoUsage: cpuRoundsOf(2, 3) };
    // As figures, answers per second of server CPU: the ratio of Precis's to the peer's is the peer's CPU time per
    // answer divided by Precis's, issue 41's measure.
    const asCpuFigures = ({ figures, cpuSeconds, answers }: CpuRun): Figures => ({
      rps: answers / cpuSeconds,
      p50Ms: figures.p50Ms,
      p99Ms: figures.p99Ms,
      errors: countErrors(figures),
    });
    const cpuPairs = (ours: number, theirs: number) =>
      cpu.map((round) => ({
        target: asCpuFigures(round[ours] as CpuRun),
        baseline: asCpuFigures(round[theirs] as CpuRun),
      }));
    const cpuTarget = `each request a random user's session, ${connections} connections; answers per second of the server process's CPU time (utime + stime, /proc/<pid>/stat)`;
    comparisons.push(
      summarize(
        {
          name: `GET /api/user-details by ${userWord}: answers per server CPU-second vs the peer`,
          target: `GET /api/user-details, ${cpuTarget}`,
          baseline: `the hand-written peer (bench/lib/peer-server.ts): bare Fastify, node-postgres on a pool of ${poolMax}, one prepared statement, the same JSON, measured alike`,
          goal: "≥ 0.70× (the peer's CPU per answer ÷ Precis's), no errors",
        },
        cpuPairs(0, 1),
        (c) => c.ratio >= 0.7 && c.errors === 0,
      ),
      summarize(
        {
          name: `POST /api/memo-usage by ${userWord}: answers per server CPU-second vs the peer's raw upsert`,
          target: `POST /api/memo-usage, ${cpuTarget}`,
          baseline: `the hand-written peer's raw upsert: the session and user by one prepared statement, then the counter's upsert (the probe's SQL), answering the new count; it reads no plan, subscription or firm and computes no access, so it does less than Precis does`,
          goal: "≥ 0.50× (the peer's CPU per answer ÷ Precis's), no errors",
        },
        cpuPairs(2, 3),
        (c) => c.ratio >= 0.5 && c.errors === 0,
      ),
    );

    console.log("  sign-ins");
    const login = await alternateMany<Figures>(rounds, [
      () =>
        runProbe<Figures>("bench/probes/raw-argon2.ts", {
          CONCURRENCY: String(connections),
          DURATION_MS: String(seconds * 1000),
        }),
      async () => closedFigures(await closedLoop(server, source(loginMix))),
    ]);
    comparisons.push(
      summarize(
        {
          name: `POST /api/login spread over ${users.filter((user) => user.hasKnownPassword).length} accounts`,
          target: `POST /api/login, a random account with the known password each time, ${connections} connections`,
          baseline: `argon2id verify on the server's own hashing pool (modules/auth/passwords.ts verifyPassword), ${connections} at a time`,
          goal: "≥ 0.70× the verify rate, no errors",
        },
        login.map(([raw, target]) => ({ baseline: raw as Figures, target: target as Figures })),
        (c) => c.ratio >= 0.7 && c.errors === 0,
      ),
    );

    const openLoopRate = Math.max(50, Math.round(mixComparison.targetRps / 2));
    console.log(`  open loop at ${openLoopRate} requests/s (half the full mix's maximum)`);
    const openLoop = (target: RunningServer, next: () => PlannedRequest) =>
      measureOpenLoop({ url: target.url, next, rate: openLoopRate, seconds });
    const helloRuns: TrafficFigures[] = [];
    const honestRuns: TrafficFigures[] = [];
    const hostileRuns: TrafficFigures[] = [];
    const open = await alternateMany<TrafficFigures>(rounds, [
      async () => openLoop(hello, helloOf(source(fullMix))),
      async () => openLoop(server, source(fullMix)),
      async () => openLoop(server, source(fullMix, 0.05)),
    ]);
    for (const [helloFigures, honest, hostile] of open) {
      helloRuns.push(helloFigures as TrafficFigures);
      honestRuns.push(honest as TrafficFigures);
      hostileRuns.push(hostile as TrafficFigures);
    }
    const openFigures = (figures: TrafficFigures): Figures => ({
      rps: figures.rps,
      p50Ms: figures.readsP50Ms,
      p99Ms: figures.readsP99Ms,
      errors: countErrors(figures),
    });
    const openGoal = "reads p99 ≤ 25 ms and ≤ 3× hello-world's p99, no errors";
    const openVerdict = (c: Omit<Comparison, "holds">) =>
      (c.p99Ms ?? Number.POSITIVE_INFINITY) <= 25 && (c.p99Ratio ?? Number.POSITIVE_INFINITY) <= 3 && c.errors === 0;
    comparisons.push(
      summarize(
        {
          name: `open loop at ${openLoopRate}/s: honest reads`,
          target: `the full mix arriving at ${openLoopRate} requests/s (constant rate, latency from each planned send time); the GETs' latency`,
          baseline: `bare Fastify hello-world, the same requests at the same rate`,
          goal: openGoal,
        },
        open.map(([helloFigures, honest]) => ({
          baseline: openFigures(helloFigures as TrafficFigures),
          target: openFigures(honest as TrafficFigures),
        })),
        openVerdict,
      ),
      summarize(
        {
          name: `open loop at ${openLoopRate}/s with 5% hostile: honest reads`,
          target: `as above, 5% of the requests hostile (unknown, broken, over-long or mismatched secrets, malformed JSON, wrong types, no X-Requested-With), each to be refused with a 4xx; the honest GETs' latency`,
          baseline: `bare Fastify hello-world, the honest requests at the same rate`,
          goal: `${openGoal}; every hostile request a 4xx`,
        },
        open.map(([helloFigures, , hostile]) => ({
          baseline: openFigures(helloFigures as TrafficFigures),
          target: openFigures(hostile as TrafficFigures),
        })),
        openVerdict,
      ),
    );

    // Statistics reach pg_stat_database up to a second after a backend's transactions.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const blocksAtEnd = await readBufferCounters(options.databaseUrl);
    const blocks = { hit: blocksAtEnd.hit - blocksAtStart.hit, read: blocksAtEnd.read - blocksAtStart.read };
    const report: UsersReport = {
      seed,
      connections,
      poolMax,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg(),
      openLoopRate,
      postgresBufferHitRatio: blocks.hit + blocks.read ? blocks.hit / (blocks.hit + blocks.read) : null,
      postgresBlocks: blocks,
      applicationCache: await readApplicationCacheMetrics(server, metricsToken),
      statuses: { fullMixClosedLoop: sumStatuses(mixRuns), openLoopWithHostile: sumStatuses(hostileRuns) },
      openLoop: {
        honestP50Ms: median(honestRuns.map((run) => run.p50Ms)),
        honestP99Ms: median(honestRuns.map((run) => run.p99Ms)),
        honestP99MsWithHostile: median(hostileRuns.map((run) => run.p99Ms)),
        hostileRequests: hostileRuns.reduce((sum, run) => sum + run.hostileRequests, 0),
        hostileNot4xx: hostileRuns.reduce((sum, run) => sum + run.hostileWrong, 0),
        serverErrors: [...helloRuns, ...honestRuns, ...hostileRuns].reduce((sum, run) => sum + run.serverErrors, 0),
      },
      cpuPerAnswer: {
        userDetails: cpuPerAnswerOf(cpuRounds.userDetails),
        memoUsage: cpuPerAnswerOf(cpuRounds.memoUsage),
      },
      rawSql: {
        ...readStatements,
        ...Object.fromEntries(Object.entries(memoUsageStatements).map(([k, v]) => [`memo-usage ${k}`, v])),
      },
    };
    return { comparisons, report };
  } finally {
    await closeOpenLoopPools();
    await server.stop();
  }
}
