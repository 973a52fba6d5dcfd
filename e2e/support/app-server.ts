import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { compiledServerEntry } from "../../apps/server/test/compiled-server.ts";
import { findFreePort } from "../../apps/server/test/free-ports.ts";
import { stopProcess, waitForHealth } from "./global-setup.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * A server of its own for a test file, as global-setup.ts starts the suite's, but public at
 * `http://localhost:<port>`: WebAuthn takes its RP ID from PUBLIC_URL's host name, and an IP address such as
 * the suite's 127.0.0.1 is not a valid one (DESIGN.md). It listens on 127.0.0.1, which Chromium reaches for
 * localhost. It mails the suite's SMTP server, so its accounts can prove their address: only a verified account
 * may add a passkey or the authenticator app (issue 42, finding 3).
 */
export async function startLocalhostServer(): Promise<{ baseUrl: string; apiUrl: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "precis-e2e-localhost-"));
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  const apiUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [compiledServerEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      APP_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      CASE_LAW_SITE_URL: `${baseUrl}/case-law-site/`,
      EXTERNAL_REDIRECT_URL: `${baseUrl}/external-redirect/`,
      REGISTER_MAX_PER_IP: "100000",
      AUTH_MAX_PER_IP: "100000",
      SMTP_URL: inject("smtpUrl"),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForHealth(apiUrl, server);
  } catch (error) {
    await stopProcess(server);
    throw error;
  }
  return {
    baseUrl,
    apiUrl,
    stop: async () => {
      await stopProcess(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
