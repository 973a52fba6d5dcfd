// One argon2 hashing thread (plain JavaScript so it runs the same under tsx, vitest and node).
// It lowers its own scheduling priority: on Linux the nice value is per thread, so requests on the
// main thread always win the CPU over a login burst, and idle cores still go to hashing.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { hashSync, verifySync } from "@node-rs/argon2";

try {
  // 5, not 10: at 10 other processes on a shared machine took the hashing threads' CPU (see decision 010).
  setPriority(5);
} catch {
  // Some systems refuse; hashing still works, only without the lower priority.
}

// Tasks are answered in the order they arrive: the pool (passwords.ts) may send the next before this one is
// answered, and matches each answer to the oldest task it holds.
parentPort?.on("message", (task) => {
  try {
    const result =
      task.operation === "hash" ? hashSync(task.password, task.options) : verifySync(task.passwordHash, task.password);
    parentPort?.postMessage({ result });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
