import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDatabase } from "../db/client.ts";
import { transactionOutcome } from "./transaction-outcome.ts";

const client = new PGlite();
const db = drizzle(client) as unknown as AppDatabase;

const countRows = async () => (await client.query<{ n: number }>("select count(*)::int as n from notes")).rows[0]?.n;
const writeThen = <Result extends { outcome: string }>(result: Result) =>
  transactionOutcome(db, ["written"], async (tx) => {
    await tx.execute(sql`insert into notes (text) values ('a note')`);
    return result;
  });

beforeAll(async () => {
  await client.exec("create table notes (text text not null)");
});
afterAll(async () => {
  await client.close();
});

describe("transactionOutcome", () => {
  it("commits the work of an outcome it commits, and returns it", async () => {
    await expect(writeThen({ outcome: "written", id: 1 })).resolves.toEqual({ outcome: "written", id: 1 });
    expect(await countRows()).toBe(1);
  });

  it("rolls back what the work wrote before any other outcome, and returns that outcome with its facts", async () => {
    await expect(writeThen({ outcome: "refused", reason: "late" })).resolves.toEqual({
      outcome: "refused",
      reason: "late",
    });
    expect(await countRows()).toBe(1);
  });

  it("lets a thrown error through, rolled back as well", async () => {
    const failing = transactionOutcome<{ outcome: "written" }>(db, ["written"], async (tx) => {
      await tx.execute(sql`insert into notes (text) values ('a note')`);
      throw new Error("the database went away");
    });
    await expect(failing).rejects.toThrow("the database went away");
    expect(await countRows()).toBe(1);
  });
});
