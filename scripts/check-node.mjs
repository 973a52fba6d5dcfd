// The first step of `npm start` and `npm test`: on a Node.js older than the project's lines, the build would fail
// later with an error about ".ts" files that says nothing of the cause. This stops at once with one line instead.
// It reads the same `engines` range that `npm install` enforces (engine-strict in .npmrc). Plain JavaScript, no
// imports beyond Node's own, so it runs on any Node that can start.
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const oldestMajor = Number(/\d+/.exec(engines.node)[0]);
const major = Number(process.versions.node.split(".")[0]);
if (major < oldestMajor) {
  console.error(
    `Precis needs Node.js 22 or 24 (package.json engines: ${engines.node}); this is Node.js ${process.versions.node}.`,
  );
  process.exit(1);
}
