import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { compiledServerEntry } from "../../apps/server/test/compiled-server.ts";
import { findFreePort } from "../../apps/server/test/free-ports.ts";
import { runAdminStatement } from "../../apps/server/test/postgres-admin.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface AppServer {
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * The compiled server, started with Node alone exactly as `npm start` starts it, for the browser suite. Its data
 * lives in PGlite in a folder of its own, as a newcomer's has it; or, when TEST_DATABASE_URL names a PostgreSQL
 * server (CI), in a fresh database there, dropped afterwards: there the database's work runs beside the server's
 * instead of inside its one thread, which two browser files at a time keep busy. `env` adds to the settings every
 * such server has; resolves once `/api/health` answers.
 */
export async function startAppServer({
  port,
  publicUrl,
  env,
}: {
  port: number;
  publicUrl: string;
  env: Record<string, string>;
}): Promise<AppServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "precis-e2e-"));
  const database = await createServerDatabase();
  const child = spawn(process.execPath, [compiledServerEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      APP_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: "warn",
      // Redirects to other sites must stay on this machine: they land on our own 404 page.
      CASE_LAW_SITE_URL: `${publicUrl}/case-law-site/`,
      EXTERNAL_REDIRECT_URL: `${publicUrl}/external-redirect/`,
      // Every test signs up from 127.0.0.1; the per-IP limits are proven in the API suite.
      REGISTER_MAX_PER_IP: "100000",
      AUTH_MAX_PER_IP: "100000",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    await stopProcess(child);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, stop };
}

/** A fresh database on TEST_DATABASE_URL's server, or none (`url` empty: the server opens PGlite in DATA_DIR). */
async function createServerDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: "", drop: async () => {} };
  const name = `precis_e2e_${randomBytes(6).toString("hex")}`;
  await runAdminStatement(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminStatement(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A server of its own for a test file, as global-setup.ts starts the suite's, but public at
 * `http://localhost:<port>`: WebAuthn takes its RP ID from PUBLIC_URL's host name, and an IP address such as
 * the suite's 127.0.0.1 is not a valid one (docs/design.md). It listens on 127.0.0.1, which Chromium reaches for
 * localhost. It mails the suite's SMTP server, so its accounts can prove their address: only a verified account
 * may add a passkey or the authenticator app (issue 42, finding 3).
 */
export async function startLocalhostServer(): Promise<{ baseUrl: string; apiUrl: string; stop: () => Promise<void> }> {
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  const server = await startAppServer({ port, publicUrl: baseUrl, env: { SMTP_URL: inject("smtpUrl") } });
  return { baseUrl, apiUrl: `http://127.0.0.1:${port}`, stop: server.stop };
}

export async function waitForHealth(baseUrl: string, server: ChildProcess) {
  // A cold start migrates a fresh PGlite and loads the prerender bundle: 40 s was seen on a busy machine.
  const timeoutMs = 110_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the server exited with ${server.exitCode ?? server.signalCode}`);
    const isUp = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs / 1000} s`);
}

export async function stopProcess(child: ChildProcess) {
  // Ended by a signal, it has only a signal code, and its "exit" event will not come again.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
