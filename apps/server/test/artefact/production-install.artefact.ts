import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));
/** What a deploy ships: the package files and the lockfile, and the build's outputs the server reads. */
const builtOutputs = ["apps/server/dist", "apps/web/dist", "apps/web/dist-ssr"];
const workspaces = ["apps", "packages"].flatMap((parent) =>
  readdirSync(path.join(repoRoot, parent)).map((name) => `${parent}/${name}`),
);

const workDir = mkdtempSync(path.join(tmpdir(), "precis-artefact-"));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
  await rm(workDir, { recursive: true, force: true });
}, 120_000);

it("installs for production, serves /api/ready with Node alone, and signs up and in", async () => {
  for (const output of builtOutputs) {
    if (!existsSync(path.join(repoRoot, output))) throw new Error(`${output} is missing: run \`npm run build\` first.`);
  }
  for (const file of ["package.json", "package-lock.json", ...workspaces.map((folder) => `${folder}/package.json`)]) {
    cpSync(path.join(repoRoot, file), path.join(workDir, file));
  }
  for (const output of builtOutputs)
    cpSync(path.join(repoRoot, output), path.join(workDir, output), { recursive: true });

  // The server's packages only: the prerender bundle carries its own (apps/web/vite.config.ts). From npm's cache
  // when it can: the packages are the ones this checkout installed.
  const install = ["ci", "--omit=dev", "--workspace", "@precis/server", "--prefer-offline", "--no-audit", "--no-fund"];
  execFileSync("npm", install, {
    cwd: workDir,
    stdio: "pipe",
  });
  // Only production dependencies: nothing that could compile TypeScript as it loads.
  for (const devOnly of ["tsx", "esbuild", "vitest"]) {
    expect(existsSync(path.join(workDir, "node_modules", devOnly)), devOnly).toBe(false);
  }

  // Only what the server needs in its environment, so nothing of this test's process (NODE_OPTIONS) helps it.
  const started = spawn(process.execPath, ["apps/server/dist/server.js"], {
    cwd: workDir,
    env: {
      PATH: process.env.PATH,
      APP_ENV: "development",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: path.join(workDir, "data"),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = started;
  let output = "";
  started.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const address = await new Promise<string>((resolve, reject) => {
    started.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is ready at (http:\/\/[^"\s]+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    started.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${output.slice(-2000)}`)));
  });

  // Listening comes before ready: the prerender bundle (dist-ssr and its packages) loads after.
  await expect
    .poll(() => fetch(`${address}/api/ready`).then((response) => response.status), { timeout: 60_000, interval: 200 })
    .toBe(200);

  // The first hash starts the hashing threads: their worker file, piscina and argon2's native module, read only
  // then, come from the install too.
  const email = "artefact@example.ca";
  const password = "Tribunal2024x";
  const registered = await fetch(`${address}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email, password }),
  });
  expect(registered.status).toBe(200);
  const loggedIn = await fetch(`${address}/api/login`, {
    method: "POST",
    headers: {
      "x-requested-with": "XMLHttpRequest",
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString("base64")}`,
    },
  });
  expect(loggedIn.status).toBe(200);
});
