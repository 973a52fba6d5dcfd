import autocannon from "autocannon";

export interface LoadOptions {
  url: string;
  method?: "GET" | "PUT" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  pipelining?: number;
  durationSeconds: number;
}

export interface LoadFigures {
  /** Answers with a 2xx status per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** One autocannon run: 100 connections, 10 requests pipelined on each, unless told otherwise. */
export async function measureLoad(options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 100,
    pipelining: options.pipelining ?? 10,
    duration: options.durationSeconds,
    timeout: 10,
  });
  return {
    rps: result["2xx"] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
