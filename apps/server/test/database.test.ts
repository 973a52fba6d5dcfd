import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema/index.ts";
import { openTestDatabase } from "./harness.ts";

describe("database", () => {
  it("migrates a new database and enforces the account invariants", async () => {
    const database = await openTestDatabase();
    try {
      await database.db.insert(users).values({ email: "ada@example.ca", username: "Ada" });
      // Usernames are unique whatever their case; emails are stored lower-cased.
      await expect(database.db.insert(users).values({ email: "other@example.ca", username: "ADA" })).rejects.toThrow();
      await expect(database.db.insert(users).values({ email: "Bob@Example.ca", username: "bob" })).rejects.toThrow();
      const [row] = await database.db.select().from(users);
      expect(row).toMatchObject({
        email: "ada@example.ca",
        occupation: "lawyer",
        topicsOfInterest: [],
        isInternal: false,
      });
    } finally {
      await database.close();
    }
  });

  it("keeps data on disk across restarts and migrates only once", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "precis-pglite-"));
    try {
      const first = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
      await first.db.insert(users).values({ email: "kept@example.ca", username: "kept" });
      await first.close();
      const second = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
      const rows = await second.db.select().from(users);
      expect(rows.map((row) => row.email)).toEqual(["kept@example.ca"]);
      // Both drivers answer execute() with { rows }; the shared type leaves it unknown.
      const applied = (await second.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { count: number }[];
      };
      expect(applied.rows[0]?.count).toBeGreaterThan(0);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
