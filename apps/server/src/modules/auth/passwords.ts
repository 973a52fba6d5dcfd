import { randomBytes } from "node:crypto";
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

/** The worker holding a task died: a fault of the server, not an answer about the password. */
export class HashingWorkerStoppedError extends Error {
  constructor() {
    super("the hashing worker stopped");
  }
}

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Tasks a worker holds at once: the one it runs and the next, already in its port. It starts the next the
 * moment it answers, instead of idling until the main thread, busy with requests, hands it one: with one
 * task each, a login burst ran at 0.66× the raw verification rate (bench, issue 8's line is 0.70×).
 */
const TASKS_PER_WORKER = 2;

/**
 * Hashing runs on one worker thread per core, each at a lower scheduling priority (hash-worker.mjs): a login
 * burst uses every idle core yet never delays the requests the event loop serves (issue 8 measures both).
 * libuv's shared thread pool, where @node-rs/argon2's async calls run, would compete with them as equals.
 *
 * A worker that dies (out of memory, a native crash) fails the tasks it held (HashingWorkerStoppedError), and
 * another takes its place: without that, their callers would wait for ever and the pool would shrink for
 * good. Exported for its test, which gives it a stand-in worker.
 */
export function createHashingPool<Task extends object>(size: number, workerUrl: URL) {
  const queue: (Waiting & { task: Task })[] = [];
  /** Every live worker and the tasks it holds, in the order it answers them. */
  const held = new Map<Worker, Waiting[]>();
  let started = false;

  /** Hands the worker queued tasks up to its share; a worker holding none never keeps the process alive. */
  function topUp(worker: Worker) {
    const tasks = held.get(worker);
    if (!tasks) return;
    while (tasks.length < TASKS_PER_WORKER) {
      const next = queue.shift();
      if (!next) break;
      tasks.push(next);
      worker.postMessage(next.task);
    }
    if (tasks.length === 0) worker.unref();
    else worker.ref();
  }

  function startWorker() {
    const worker = new Worker(workerUrl);
    held.set(worker, []);
    let isOnline = false;
    worker.once("online", () => {
      isOnline = true;
    });
    worker.on("message", (message: { result?: unknown; error?: string }) => {
      const waiting = held.get(worker)?.shift();
      if (message.error === undefined) waiting?.resolve(message.result);
      else waiting?.reject(new Error(message.error));
      topUp(worker);
    });
    // An uncaught error inside the worker: 'exit' follows. Without a listener it would crash the process.
    worker.on("error", () => {});
    worker.on("exit", () => {
      for (const waiting of held.get(worker) ?? []) waiting.reject(new HashingWorkerStoppedError());
      held.delete(worker);
      // One that never started (a broken install) is not replaced: that would loop for ever.
      if (isOnline) topUp(startWorker());
    });
    return worker;
  }

  /** The worker holding the fewest tasks, if it has room for one more. */
  function findRoom() {
    let chosen: Worker | undefined;
    let fewest = TASKS_PER_WORKER;
    for (const [worker, tasks] of held) {
      if (tasks.length < fewest) {
        chosen = worker;
        fewest = tasks.length;
      }
    }
    return chosen;
  }

  return (task: Task) =>
    new Promise<unknown>((resolve, reject) => {
      if (!started) {
        started = true;
        for (let index = 0; index < size; index += 1) topUp(startWorker());
      }
      queue.push({ task, resolve, reject });
      const worker = findRoom();
      if (worker) topUp(worker);
    });
}

const runHashTask = createHashingPool<HashTask>(availableParallelism(), new URL("./hash-worker.mjs", import.meta.url));

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
  return runHashTask({ operation: "verify", passwordHash, password }).then(
    (isMatch) => isMatch === true,
    // A hash argon2 cannot read matches nothing; a dead worker is the server's fault (a 500), not "Bad Password".
    (error: unknown) => {
      if (error instanceof HashingWorkerStoppedError) throw error;
      return false;
    },
  );
}
