/**
 * `npm run dev:sso`: `npm run dev` with Google and Microsoft sign-in served by the Firebase Auth
 * Emulator (started here, on free ports, stopped on exit), so sign-in works with no Firebase project.
 */
import { spawn } from "node:child_process";
import { startAuthEmulator } from "../e2e/support/auth-emulator.ts";

async function main() {
  const emulator = await startAuthEmulator();
  await emulator.ready;
  console.log(`\nFirebase Auth Emulator ready at ${emulator.url} (project ${emulator.projectId})\n`);
  const dev = spawn("npm", ["run", "dev"], {
    stdio: "inherit",
    // Its own process group: stopping it stops the API and Vite under it, whoever got the signal.
    detached: true,
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: emulator.projectId,
      FIREBASE_API_KEY: "demo-api-key",
      FIREBASE_AUTH_DOMAIN: `${emulator.projectId}.firebaseapp.com`,
    },
  });
  let isStopping = false;
  const stop = async (exitCode: number) => {
    if (isStopping) return;
    isStopping = true;
    if (dev.exitCode === null && dev.pid !== undefined) {
      try {
        process.kill(-dev.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
    await emulator.stop();
    process.exit(exitCode);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(0));
  dev.on("exit", (code) => void stop(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
