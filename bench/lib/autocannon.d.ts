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
