import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findFreePort } from "../../apps/server/test/free-ports.ts";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const workDir = path.join(repoRoot, "bench/results/tmp");

export interface RunningServer {
  name: string;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const COMPILED_SERVER = "apps/server/dist/server.js";

/**
 * The Node options `npm run serve` starts the compiled server with (`node <options> apps/server/dist/server.js`),
 * so the bench measures the server as it runs in production, and the baselines on the same Node with the same options.
 */
export function readServeNodeOptions() {
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
  const words: string[] = scripts.serve.split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== COMPILED_SERVER) {
    throw new Error(`package.json's serve script is not "node <options> ${COMPILED_SERVER}": ${scripts.serve}`);
  }
  return words.slice(1, -1);
}

/**
 * The Node arguments for one of the bench's scripts: the compiled server as `npm run serve` runs it; a probe or
 * peer (TypeScript, never shipped) with the same options, through tsx.
 */
const nodeArguments = (script: string) =>
  script === COMPILED_SERVER
    ? [...readServeNodeOptions(), path.join(repoRoot, script)]
    : [...readServeNodeOptions(), "--import", "tsx", path.join(repoRoot, script)];

/** Runs one of the bench's scripts in its own Node process; output to a log file under bench/results/tmp. */
export function spawnScript(script: string, env: Record<string, string>, logName: string) {
  const log = createWriteStream(path.join(workDir, `${logName}.log`));
  const child = spawn(process.execPath, nodeArguments(script), {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/** Runs a probe to completion and returns the JSON line it prints. */
export async function runProbe<T>(script: string, env: Record<string, string>): Promise<T> {
  const child = spawn(process.execPath, nodeArguments(script), {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as T;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  readyPath: string,
  port: number,
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawnScript(script, { ...env, PORT: String(port), HOST: "127.0.0.1" }, name);
  await waitForHttp(`${url}${readyPath}`, child);
  return {
    name,
    url,
    child,
    stop: async () => {
      // A process that a signal ended has no exit code, only a signal code: waiting for its exit would never end.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export const startHelloServer = async () =>
  startProcess("baseline-hello", "bench/probes/hello-server.ts", {}, "/", await findFreePort());

/** The app server as it runs in production, with the attempt limits lifted so the bench measures the work. */
export async function startAppServer(name: string, env: Record<string, string>) {
  const port = await findFreePort();
  return startProcess(
    name,
    COMPILED_SERVER,
    {
      APP_ENV: "development",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      AUTH_MAX_PER_IP: "100000000",
      LOGIN_MAX_PER_ACCOUNT: "100000000",
      ACCOUNT_MAX_FAILURES_ALL_ADDRESSES: "100000000",
      REGISTER_MAX_PER_IP: "100000000",
      ...env,
    },
    "/api/health",
    port,
  );
}

/** Issue 41's peer for GET /api/user-details (peer-server.ts), on the run's database with a pool of `poolMax`. */
export const startPeerServer = async (databaseUrl: string, poolMax: number) =>
  startProcess(
    "peer-user-details",
    "bench/lib/peer-server.ts",
    { DATABASE_URL: databaseUrl, POOL_MAX: String(poolMax) },
    "/api/health",
    await findFreePort(),
  );

let clockTicksPerSecond: number | undefined;

/**
 * The CPU time a process has used so far, user and system (utime + stime in /proc/<pid>/stat), in seconds. On a
 * shared machine a server's throughput swings with its neighbours, while the CPU it spends per answer does not
 * (issue 41).
 */
export function readCpuSeconds(child: ChildProcess) {
  clockTicksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
  // The command name, in parentheses, may hold spaces: the fields that follow it are counted from its end.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are the stat file's 14th and 15th fields; the 3rd (state) is the first after the name.
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}
