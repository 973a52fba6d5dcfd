import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { getUnmetPasswordRequirements, PASSWORD_MAX_LENGTH } from "@precis/contract/password";

/** OWASP's argon2id settings (m=19 MiB, t=2, p=1). */
// `algorithm: 2` is Algorithm.Argon2id, a const enum that isolated modules cannot import.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

type HashTask =
  | { operation: "hash"; password: string; options: typeof ARGON2_OPTIONS }
  | { operation: "verify"; passwordHash: string; password: string };

/**
 * Hashing runs on one worker thread per core, each at a lower scheduling priority (hash-worker.mjs): a login
 * burst uses every idle core yet never delays the requests the event loop serves (issue 8 measures both).
 * libuv's shared thread pool, where @node-rs/argon2's async calls run, would compete with them as equals.
 */
function createHashingPool(size: number) {
  const idle: Worker[] = [];
  const queue: { task: HashTask; resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let started = false;

  function dispatch(worker: Worker) {
    const next = queue.shift();
    if (!next) {
      idle.push(worker);
      worker.unref();
      return;
    }
    const id = nextId++;
    pending.set(id, next);
    worker.ref();
    worker.postMessage({ ...next.task, id });
  }

  function start() {
    started = true;
    for (let index = 0; index < size; index += 1) {
      const worker = new Worker(new URL("./hash-worker.mjs", import.meta.url));
      worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.error === undefined) waiting?.resolve(message.result);
        else waiting?.reject(new Error(message.error));
        dispatch(worker);
      });
      dispatch(worker);
    }
  }

  return (task: HashTask) =>
    new Promise<unknown>((resolve, reject) => {
      if (!started) start();
      queue.push({ task, resolve, reject });
      const worker = idle.pop();
      if (worker) dispatch(worker);
    });
}

const runHashTask = createHashingPool(availableParallelism());

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
  String(await runHashTask({ operation: "hash", password, options: ARGON2_OPTIONS }));

export async function verifyPassword(passwordHash: string, password: string) {
  // An over-long attempt cannot match a password we accepted; don't spend a hash on it.
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  return runHashTask({ operation: "verify", passwordHash, password }).then(
    (isMatch) => isMatch === true,
    () => false,
  );
}
