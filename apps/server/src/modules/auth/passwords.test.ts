import { describe, expect, it } from "vitest";
import {
  createHashingPool,
  findPasswordProblem,
  HashingWorkerStoppedError,
  hashPassword,
  verifyPassword,
} from "./passwords.ts";

type StandInTask = { value: number; action?: "die" | "fail" };
const standInWorker = new URL("../../../test/fixtures/stand-in-hash-worker.mjs", import.meta.url);

describe("the hashing pool", () => {
  it("answers every task, queueing those beyond its workers", async () => {
    const run = createHashingPool<StandInTask>(2, standInWorker);
    const values = Array.from({ length: 7 }, (_, index) => index);
    expect(await Promise.all(values.map((value) => run({ value })))).toEqual(values.map((value) => value * 2));
  });

  it("passes a worker's error on as a rejection, and goes on", async () => {
    const run = createHashingPool<StandInTask>(1, standInWorker);
    await expect(run({ value: 1, action: "fail" })).rejects.toThrow("refused");
    expect(await run({ value: 2 })).toBe(4);
  });

  it("hands a busy worker its next task at once, so a worker that dies fails both it held", async () => {
    const run = createHashingPool<StandInTask>(1, standInWorker);
    const dying = run({ value: 1, action: "die" });
    // Sent before the first is answered: it waits in the worker's port, not in the pool's queue.
    const next = run({ value: 2 });
    await expect(dying).rejects.toThrow(HashingWorkerStoppedError);
    await expect(next).rejects.toThrow(HashingWorkerStoppedError);
    // A third waits in the pool's queue while the one worker holds two, and its replacement answers it.
    expect(await Promise.all([run({ value: 3 }), run({ value: 4 }), run({ value: 5 })])).toEqual([6, 8, 10]);
  });

  it("fails the task of a worker that dies, and replaces the worker", async () => {
    const run = createHashingPool<StandInTask>(2, standInWorker);
    await expect(run({ value: 1, action: "die" })).rejects.toThrow(HashingWorkerStoppedError);
    await expect(run({ value: 1, action: "die" })).rejects.toThrow(HashingWorkerStoppedError);
    // Both original workers are gone; a full pool still answers tasks side by side.
    expect(await Promise.all([run({ value: 3 }), run({ value: 4 }), run({ value: 5 })])).toEqual([6, 8, 10]);
  });
});

describe("passwords", () => {
  it("verify against their own hash, and only against it", async () => {
    const hash = await hashPassword("Tribunal2024x");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "Tribunal2024x")).toBe(true);
    expect(await verifyPassword(hash, "Tribunal2024y")).toBe(false);
    expect(await verifyPassword("not a hash", "Tribunal2024x")).toBe(false);
  });

  it("are refused when weak or among the most common", () => {
    expect(findPasswordProblem("short")).toBe("invalidPassword");
    expect(findPasswordProblem("Password123")).toBe("commonPassword");
    expect(findPasswordProblem("Tribunal2024x")).toBeNull();
  });
});
