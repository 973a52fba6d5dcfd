import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * The compiled entry points (apps/server/build.mjs, decision 032). Tests that start the server as a process of
 * its own start these, with Node alone, as production does: the build and its paths are tested with the server.
 */
export const compiledServerEntry = fileURLToPath(new URL("../dist/server.js", import.meta.url));
export const compiledMigrateEntry = fileURLToPath(new URL("../dist/migrate.js", import.meta.url));

/** The server projects' global setup: compiles the server first (about a second), so no test runs an old build. */
export default function buildServer() {
  execFileSync(process.execPath, [fileURLToPath(new URL("../build.mjs", import.meta.url))], { stdio: "inherit" });
}
