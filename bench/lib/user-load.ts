import autocannon from "autocannon";
import { Pool } from "undici";
import type { PlannedRequest } from "./user-requests.ts";

/** What one run of traffic got back. */
export interface TrafficFigures {
  seconds: number;
  /** Honest requests answered rightly (a 2xx with the expected content), per second. */
  rps: number;
  /** Open loop only: the arrival rate asked for. */
  offeredRps?: number;
  /** Latency of the honest requests (open loop: from each request's planned send time). */
  p50Ms: number;
  p99Ms: number;
  /** The same, of the honest reads (the three GETs) alone; open loop only. */
  readsP50Ms?: number;
  readsP99Ms?: number;
  honestRequests: number;
  /** Honest requests answered with a non-2xx, or a 2xx without the expected content. */
  honestWrong: number;
  hostileRequests: number;
  /** Hostile requests not refused with a 4xx. */
  hostileWrong: number;
  /** 5xx answers to any request, honest or hostile. */
  serverErrors: number;
  timeouts: number;
  connectionErrors: number;
  /** Answers by kind of request and status code. */
  statuses: Record<string, Record<string, number>>;
}

/** Everything that makes a run fail: each must be 0. */
export const countErrors = (figures: TrafficFigures) =>
  figures.honestWrong + figures.hostileWrong + figures.serverErrors + figures.timeouts + figures.connectionErrors;

/** The same request sent to the bare hello-world instead: same headers and client work, its only route. */
export const asHelloWorld = (request: PlannedRequest): PlannedRequest => ({
  ...request,
  method: "GET",
  path: "/",
  body: undefined,
  isHostile: false,
  isRightAnswer: (status) => status === 200,
});

const percentile = (sorted: number[], fraction: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0) : 0;

class Tally {
  honestRequests = 0;
  honestRight = 0;
  honestWrong = 0;
  hostileRequests = 0;
  hostileWrong = 0;
  serverErrors = 0;
  statuses: Record<string, Record<string, number>> = {};

  record(request: PlannedRequest, status: number, body: string) {
    const byStatus = this.statuses[request.kind] ?? {};
    this.statuses[request.kind] = byStatus;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    if (status >= 500) this.serverErrors += 1;
    const isRight = request.isRightAnswer(status, body);
    if (request.isHostile) {
      this.hostileRequests += 1;
      if (!isRight) this.hostileWrong += 1;
    } else {
      this.honestRequests += 1;
      if (isRight) this.honestRight += 1;
      else this.honestWrong += 1;
    }
  }
}

/**
 * Closed loop at the most the server takes: `connections` connections, each sending its next request as soon as
 * the previous one is answered (no pipelining: the extension does not pipeline), each request drawn afresh from
 * `next` (a new random user). autocannon builds and parses; the answers are checked one by one.
 */
export async function measureClosedLoop(options: {
  url: string;
  next: () => PlannedRequest;
  seconds: number;
  connections: number;
}): Promise<TrafficFigures> {
  const tally = new Tally();
  type Context = { current?: PlannedRequest };
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request, context: Context) => {
          const planned = options.next();
          context.current = planned;
          return {
            ...request,
            method: planned.method,
            path: planned.path,
            headers: planned.headers,
            body: planned.body,
          };
        },
        onResponse: (status, body, context: Context) => {
          if (context.current) tally.record(context.current, status, body);
        },
      },
    ],
  });
  return {
    seconds: result.duration,
    rps: tally.honestRight / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    honestRequests: tally.honestRequests,
    honestWrong: tally.honestWrong,
    hostileRequests: tally.hostileRequests,
    hostileWrong: tally.hostileWrong,
    serverErrors: tally.serverErrors,
    timeouts: result.timeouts,
    connectionErrors: result.errors - result.timeouts,
    statuses: tally.statuses,
  };
}

/**
 * One connection pool per server, kept from run to run: the warm-up round opens the connections, so a recorded
 * round does not time TCP handshakes that a long-running client would not make. Up to 512 connections, opened
 * as answers lag (the arrival rate does not wait for them).
 */
const pools = new Map<string, Pool>();
function openLoopPool(url: string) {
  let pool = pools.get(url);
  if (!pool) {
    pool = new Pool(url, {
      connections: 512,
      pipelining: 1,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
      keepAliveTimeout: 60_000,
    });
    pools.set(url, pool);
  }
  return pool;
}

export async function closeOpenLoopPools() {
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  pools.clear();
}

const isRead = (request: PlannedRequest) => !request.isHostile && request.method === "GET";

/**
 * Open loop: requests arrive at `rate` per second whatever the server does, each sent at its planned time on
 * the server's pool of connections, and each latency is counted from that planned time, so a request held up
 * behind slow ones, in the client or the server, counts its whole wait
 * (no coordinated omission).
 */
export async function measureOpenLoop(options: {
  url: string;
  next: () => PlannedRequest;
  rate: number;
  seconds: number;
}): Promise<TrafficFigures> {
  const pool = openLoopPool(options.url);
  const tally = new Tally();
  const honestLatencies: number[] = [];
  const readLatencies: number[] = [];
  let timeouts = 0;
  let connectionErrors = 0;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const pending: Promise<void>[] = [];

  const send = (index: number, plannedAt: number) => {
    const request = options.next();
    const answered = pool
      .request({ method: request.method, path: request.path, headers: request.headers, body: request.body })
      .then(async (response) => {
        const body = await response.body.text();
        const latency = performance.now() - plannedAt;
        tally.record(request, response.statusCode, body);
        if (!request.isHostile) honestLatencies.push(latency);
        if (isRead(request)) readLatencies.push(latency);
      })
      .catch((error: { code?: string }) => {
        if (error.code === "UND_ERR_HEADERS_TIMEOUT" || error.code === "UND_ERR_BODY_TIMEOUT") timeouts += 1;
        else connectionErrors += 1;
      });
    pending[index] = answered;
  };

  const startedAt = performance.now() + 20;
  await new Promise<void>((resolve) => {
    let sent = 0;
    const tick = () => {
      const now = performance.now();
      while (sent < total && startedAt + sent * interval <= now) {
        send(sent, startedAt + sent * interval);
        sent += 1;
      }
      if (sent >= total) return resolve();
      // Timers wake a millisecond late at best: whatever fell due meanwhile goes out at once, timed from its plan.
      setTimeout(tick, Math.max(0, startedAt + sent * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(pending);
  const seconds = (performance.now() - startedAt) / 1000;
  honestLatencies.sort((a, b) => a - b);
  readLatencies.sort((a, b) => a - b);
  return {
    seconds,
    rps: tally.honestRight / options.seconds,
    offeredRps: options.rate,
    p50Ms: percentile(honestLatencies, 0.5),
    p99Ms: percentile(honestLatencies, 0.99),
    readsP50Ms: percentile(readLatencies, 0.5),
    readsP99Ms: percentile(readLatencies, 0.99),
    honestRequests: tally.honestRequests,
    honestWrong: tally.honestWrong,
    hostileRequests: tally.hostileRequests,
    hostileWrong: tally.hostileWrong,
    serverErrors: tally.serverErrors,
    timeouts,
    connectionErrors,
    statuses: tally.statuses,
  };
}
