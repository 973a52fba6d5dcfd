import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { compiledMigrateEntry, compiledServerEntry } from "./compiled-server.ts";

/** This process's environment less DATABASE_URL: each test says which database it means. */
function withoutDatabaseUrl() {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return inherited;
}

export interface ServerProcess {
  process: ChildProcess;
  address: URL;
  logLines: string[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/**
 * Starts the compiled server as a process of its own on a free loopback port, with `env` over this
 * process's environment less DATABASE_URL; resolves once it logs its address.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [compiledServerEntry], {
    env: { ...withoutDatabaseUrl(), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", APP_ENV: "development", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const logLines: string[] = [];
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const address = await new Promise<string>((resolve, reject) => {
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        logLines.push(line);
        const match = /is ready at (http:\/\/[^"\s]+)/.exec(line);
        if (match?.[1]) resolve(match[1]);
      }
    });
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before listening: ${stderr.slice(-1000)}`)),
    );
  });
  return { process: child, address: new URL(address), logLines, exited };
}

/**
 * Runs an entry point (the server's, or `migrate` for `npm run db:migrate`) with `env` until it exits by itself;
 * its exit code and output.
 */
export async function runServerProcessToExit(env: Record<string, string>, entry: "server" | "migrate" = "server") {
  const child = spawn(process.execPath, [entry === "server" ? compiledServerEntry : compiledMigrateEntry], {
    env: { ...withoutDatabaseUrl(), PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  // A server that accepted the configuration would listen for ever: it is stopped, and its exit code says so.
  const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
  const [code] = await once(child, "exit");
  clearTimeout(timer);
  return { code: code as number | null, output };
}
