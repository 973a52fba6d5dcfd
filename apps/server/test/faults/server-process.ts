import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compiledServerEntry } from "../compiled-server.ts";
import { findFreePort } from "../free-ports.ts";

const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr (its pino log). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The real server in its own process, as production runs it, listening on a free loopback port. */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const chosenPort = port ?? (await findFreePort());
  const url = `http://127.0.0.1:${chosenPort}`;
  const child = spawn(process.execPath, [compiledServerEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      APP_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(chosenPort),
      PUBLIC_URL: url,
      LOG_LEVEL: "info",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "precis-faults-data-")),
      WEB_DIST_DIR: "/nonexistent-web-dist",
      WEB_SSR_DIR: "/nonexistent-web-ssr",
      REGISTER_MAX_PER_IP: "1000000",
      AUTH_MAX_PER_IP: "1000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within 60 s:\n${output}`);
    const isUp = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    },
  };
}

export interface LedgerEntry {
  email: string;
  startedAt: number;
  finishedAt: number;
  /** The HTTP status, or null when no answer came (connection refused or cut). */
  status: number | null;
}

/**
 * Registers accounts as fast as `workers` callers can, each with a unique email, and writes down what each
 * request answered. Registration is one transaction (account, welcome email, audit event), so it shows both
 * lost writes and half-written ones.
 */
export function startRegistrationLoad(getUrl: () => string, workers = 6) {
  const ledger: LedgerEntry[] = [];
  let isRunning = true;
  let counter = 0;
  const runs = Array.from({ length: workers }, async (_, worker) => {
    while (isRunning) {
      const email = `ledger-${worker}-${counter++}@example.ca`;
      const startedAt = performance.now();
      let status: number | null = null;
      try {
        const response = await fetch(`${getUrl()}/api/register`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
          body: JSON.stringify({ email, password: "Tribunal2024x" }),
          signal: AbortSignal.timeout(20_000),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = null;
        // Refused connections come back at once: don't spin while the server is down.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      ledger.push({ email, startedAt, finishedAt: performance.now(), status });
    }
  });
  return {
    ledger,
    stop: async () => {
      isRunning = false;
      await Promise.all(runs);
    },
  };
}

/** Polls `check` until it returns a value (polling with a deadline, never a sleep as an assertion). */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
