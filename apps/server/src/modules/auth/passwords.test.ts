import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { createHashingPool, findPasswordProblem, hashPassword, verifyPassword } from "./passwords.ts";

const standInWorker = new URL("../../../test/fixtures/stand-in-hash-worker.mjs", import.meta.url);

describe("the hashing pool", () => {
  it("answers every task, queueing those beyond its threads", async () => {
    const pool = createHashingPool(standInWorker, 2);
    const values = Array.from({ length: 7 }, (_, index) => index);
    expect(await Promise.all(values.map((value) => pool.run(value, { name: "double" })))).toEqual(
      values.map((value) => value * 2),
    );
    await pool.destroy();
  });

  it("runs its threads at a lower priority than the event loop", async () => {
    const pool = createHashingPool(standInWorker, 1);
    expect(await pool.run(null, { name: "priority" })).toBe(getPriority() + 5);
    await pool.destroy();
  });

  it("passes a task's error on as a rejection, and goes on", async () => {
    const pool = createHashingPool(standInWorker, 1);
    await expect(pool.run(null, { name: "fail" })).rejects.toThrow("refused");
    expect(await pool.run(2, { name: "double" })).toBe(4);
    await pool.destroy();
  });

  it("fails the tasks a dying thread held, and replaces the thread", async () => {
    const pool = createHashingPool(standInWorker, 1);
    const dying = pool.run(null, { name: "die" });
    // Sent before the first is answered: the thread holds it, and it fails with the thread.
    const next = pool.run(2, { name: "double" });
    await expect(dying).rejects.toThrow("worker exited");
    await expect(next).rejects.toThrow("worker exited");
    // A third waits in the pool's queue while the one thread holds two, and its replacement answers it.
    expect(await Promise.all([3, 4, 5].map((value) => pool.run(value, { name: "double" })))).toEqual([6, 8, 10]);
    await pool.destroy();
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
