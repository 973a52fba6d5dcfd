import { hashPassword, verifyPassword } from "../../apps/server/src/modules/auth/passwords.ts";

/**
 * The ceiling for POST /api/login: argon2id verifications per second with the server's own parameters, on the
 * server's own hashing pool (modules/auth/passwords.ts: one worker thread per core, each holding two tasks), not
 * on libuv's thread pool, CONCURRENCY at a time.
 */
const concurrency = Number(process.env.CONCURRENCY ?? 100);
const durationMs = Number(process.env.DURATION_MS ?? 5_000);
const password = "Tribunal2024x";
const passwordHash = await hashPassword(password);

let completed = 0;
const deadline = Date.now() + durationMs;
const started = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < deadline) {
      if (!(await verifyPassword(passwordHash, password))) throw new Error("verify failed");
      completed += 1;
    }
  }),
);
const seconds = (Date.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ rps: completed / seconds, completed, seconds })}\n`);
// The pool's workers let the process end once idle; exit anyway, in case one still holds it.
process.exit(0);
