import { verify } from "@node-rs/argon2";
import { hashPassword } from "../../apps/server/src/modules/auth/passwords.ts";

/**
 * The ceiling for POST /api/login: argon2id verifications per second with the server's own
 * parameters, CONCURRENCY at a time, on the same libuv thread pool size (UV_THREADPOOL_SIZE is inherited).
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
      if (!(await verify(passwordHash, password))) throw new Error("verify failed");
      completed += 1;
    }
  }),
);
const seconds = (Date.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ rps: completed / seconds, completed, seconds })}\n`);
