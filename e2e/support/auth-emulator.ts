import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findFreePorts } from "../../apps/server/test/free-ports.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const firebaseCli = path.join(repoRoot, "node_modules/.bin/firebase");

/**
 * A "demo-" project id keeps the emulator offline: firebase-tools then needs no Google account and
 * never asks Google about the project.
 */
export const EMULATOR_PROJECT_ID = "demo-precis";

export type AuthEmulator = {
  /** host:port, the form of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  url: string;
  projectId: string;
  /** Settles once the emulator answers; its address is known (and can be handed out) before. */
  ready: Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Starts the Firebase Auth Emulator (firebase-tools) on free ports, with its UI off (it would be
 * downloaded). `CI` stops firebase-tools fetching its message of the day, `NO_UPDATE_NOTIFIER` its
 * update check, and a private config folder keeps it away from any login of the developer's.
 */
export async function startAuthEmulator(options: { quiet?: boolean } = {}): Promise<AuthEmulator> {
  const workDir = await mkdtemp(path.join(tmpdir(), "precis-auth-emulator-"));
  const [authPort, hubPort, loggingPort] = (await findFreePorts(3)) as [number, number, number];
  const loopback = (port: number) => ({ port, host: "127.0.0.1" });
  await writeFile(
    path.join(workDir, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: loopback(authPort),
        hub: loopback(hubPort),
        logging: loopback(loggingPort),
        ui: { enabled: false },
      },
    }),
  );
  const child = spawn(firebaseCli, ["emulators:start", "--only", "auth", "--project", EMULATOR_PROJECT_ID], {
    cwd: workDir,
    // Its own process group, so that stopping it stops everything it started.
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: workDir,
      XDG_CONFIG_HOME: workDir,
      CI: "true",
      NO_UPDATE_NOTIFIER: "1",
    },
    stdio: ["ignore", options.quiet ? "pipe" : "inherit", options.quiet ? "pipe" : "inherit"],
  });
  // Even when quiet, its last words are kept: they say why it stopped.
  let lastOutput = "";
  const keep = (chunk: Buffer) => {
    lastOutput = (lastOutput + chunk.toString()).slice(-2_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const host = `127.0.0.1:${authPort}`;
  const url = `http://${host}`;
  const stop = async () => {
    await stopProcessGroup(child);
    await rm(workDir, { recursive: true, force: true });
  };
  const ready = waitUntilReady(url, child, () => lastOutput).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  // Callers may await other things first; a failure is still theirs to see through `ready`.
  ready.catch(() => {});
  return { host, url, projectId: EMULATOR_PROJECT_ID, ready, stop };
}

/** Up to 180 s, as the server's cold start (global-setup.ts): on the loaded two-core machine it has taken over 60 s. */
async function waitUntilReady(url: string, child: ChildProcess, lastOutput: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the Auth Emulator exited with ${child.exitCode ?? child.signalCode}:\n${lastOutput()}`);
    }
    const isReady = await fetch(url).then(
      async (response) =>
        response.ok && ((await response.json()) as { authEmulator?: { ready?: boolean } }).authEmulator?.ready === true,
      () => false,
    );
    if (isReady) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the Auth Emulator did not start within 180 s:\n${lastOutput()}`);
}

async function stopProcessGroup(child: ChildProcess) {
  // A process ended by a signal has no exit code, only a signal code; its "exit" event has been and gone, and
  // waiting for it again would hang the suite's setup for ever (it did, when the emulator was slow to start).
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup("SIGINT");
  const timer = setTimeout(() => signalGroup("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
  // Anything it left behind in its group goes too.
  signalGroup("SIGKILL");
}
