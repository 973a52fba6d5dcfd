import { execFileSync, type SpawnOptions, spawn } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { findFreePort } from "./free-ports.ts";

/**
 * A PostgreSQL server of our own (initdb into a temporary folder, its own port) that a test may stop
 * and start at will: the machine's shared server must never be taken down. PostgreSQL refuses to
 * run as root, so as root the cluster belongs to the `postgres` user.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** Fast shutdown: open connections are cut, as when a database host goes away. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

const BIN_DIR = process.env.PG_BIN_DIR ?? "/usr/local/bin";

function run(command: string, args: string[], options: SpawnOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} exited with ${code}: ${output.slice(-2000)}`)),
    );
  });
}

/** The uid/gid to run PostgreSQL as: ourselves, or the `postgres` user (which PostgreSQL's packages create) as root. */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const idOf = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: idOf("-u"), gid: idOf("-g") };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const root = mkdtempSync(path.join(tmpdir(), "precis-pg-"));
  const dataDir = path.join(root, "data");
  const user = postgresUser();
  if (user) chownSync(root, user.uid, user.gid);
  const options: SpawnOptions = { ...(user ?? {}), env: { ...process.env, LC_ALL: "C" }, cwd: root };
  await run(
    path.join(BIN_DIR, "initdb"),
    ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"],
    options,
  );
  const port = await findFreePort();
  const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100`;
  const pgCtl = (action: string, extra: string[] = []) =>
    run(path.join(BIN_DIR, "pg_ctl"), [action, "-D", dataDir, "-w", "-t", "30", ...extra], options);

  const handle: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => pgCtl("start", ["-o", serverOptions, "-l", path.join(root, "server.log")]),
    stop: () => pgCtl("stop", ["-m", "fast"]),
    destroy: async () => {
      await handle.stop().catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
  await handle.start();
  return handle;
}

/** Whether a PostgreSQL server answers at this URL within a second. */
export async function isPostgresReachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
