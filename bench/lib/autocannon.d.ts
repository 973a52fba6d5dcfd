/** The part of autocannon's API the bench uses (the package ships no types). */
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    overallRate?: number;
    /** Each connection cycles through these; setupRequest may rewrite each request as it is sent. */
    requests?: {
      // biome-ignore lint/suspicious/noExplicitAny: autocannon hands each connection's own context object through.
      setupRequest?: (request: RequestData, context: any) => RequestData;
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      onResponse?: (status: number, body: string, context: any, headers: Record<string, string>) => void;
    }[];
  }
  interface RequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    requests: Histogram;
    latency: Histogram;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
