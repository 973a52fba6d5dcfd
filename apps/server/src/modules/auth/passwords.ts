import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { getUnmetPasswordRequirements, PASSWORD_MAX_LENGTH } from "@precis/contract/password";
import Piscina from "piscina";

/** OWASP's argon2id settings (m=19 MiB, t=2, p=1). */
// `algorithm: 2` is Algorithm.Argon2id, a const enum that isolated modules cannot import.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How much lower than the event loop the hashing threads run. On Linux the nice value is per thread, so the
 * requests on the main thread always win the CPU over a login burst, and idle cores still go to hashing. 5, not
 * 10: at 10 other processes on a shared machine took the hashing threads' CPU (decision 010).
 */
const HASHING_NICE_INCREMENT = 5;

/**
 * Tasks a thread holds at once: the one it runs and the next, already in its port. It starts the next the moment
 * it answers, instead of idling until the main thread, busy with requests, hands it one: with one task each, a
 * login burst ran at 0.66× the raw verification rate (bench, issue 8's line is 0.70×).
 */
const TASKS_PER_WORKER = 2;

/**
 * Hashing runs on one piscina thread per core at a lower scheduling priority: a login burst uses every idle core
 * yet never delays the requests the event loop serves (issue 8 measures both). libuv's shared thread pool, where
 * @node-rs/argon2's async calls run, would compete with them as equals. Tasks beyond the threads' share wait in
 * order; idle threads do not keep the process alive. A thread that dies (out of memory, a native crash) fails the
 * tasks it held, and piscina starts another. Exported for its test, which gives it a stand-in worker.
 */
export function createHashingPool(workerUrl: URL, size = availableParallelism()) {
  const pool = new Piscina({
    filename: workerUrl.href,
    minThreads: size,
    maxThreads: size,
    concurrentTasksPerWorker: TASKS_PER_WORKER,
    niceIncrement: HASHING_NICE_INCREMENT,
  });
  // A thread that fails while holding no task: nobody waits for it, and piscina replaces it. Without a listener
  // the pool's 'error' event would crash the process.
  pool.on("error", () => {});
  return pool;
}

/** Started on first use: most processes that load this module (tests, migrations) never hash. */
let hashingPool: Piscina | undefined;
const runHashTask = (name: "hash" | "verify", task: object) => {
  hashingPool ??= createHashingPool(new URL("./hash-worker.mjs", import.meta.url));
  return hashingPool.run(task, { name });
};

/**
 * The 10,000 most common passwords, lower-cased (from the frequency-ranked list of
 * @zxcvbn-ts/language-common, MIT). Compared case-insensitively, so "Password1" is refused too.
 */
const commonPasswords = new Set(
  readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean),
);

export type PasswordProblem = "invalidPassword" | "commonPassword";

/** Why a new password is refused, or null when it is acceptable. */
export function findPasswordProblem(password: string): PasswordProblem | null {
  if (password.length > PASSWORD_MAX_LENGTH || getUnmetPasswordRequirements(password).length > 0)
    return "invalidPassword";
  if (commonPasswords.has(password.toLowerCase())) return "commonPassword";
  return null;
}

export const hashPassword = async (password: string) =>
  String(await runHashTask("hash", { password, options: ARGON2_OPTIONS }));

/**
 * A hash with our parameters of a password nobody knows, made once on first use: an account without a password
 * (Google or Microsoft only) is checked against it, so a wrong password takes as long on such an account as
 * on any other and the answer's timing does not tell the two kinds apart.
 */
let standInHash: Promise<string> | undefined;
export const getStandInPasswordHash = () => {
  standInHash ??= hashPassword(randomBytes(32).toString("base64url"));
  return standInHash;
};

export async function verifyPassword(passwordHash: string, password: string) {
  // An over-long attempt cannot match a password we accepted; don't spend a hash on it.
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  // A rejection is a fault of the server (a 500), not "Bad Password": the worker answers false for an unreadable hash.
  return (await runHashTask("verify", { passwordHash, password })) === true;
}
