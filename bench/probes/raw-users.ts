import { randomInt, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { hashSecret } from "../../apps/server/src/modules/sessions/service.ts";
import { memoUsageStatements, readStatements } from "../lib/raw-sql.ts";
import type { SeededUser } from "../lib/seed-users.ts";

/**
 * The ceiling for the reads and the memo counting of many distinct users: the least SQL each operation needs,
 * through the raw driver, on a pool as large as the server's, CONCURRENCY callers at once, each call a random
 * seeded user. Like the server, it hashes the presented token to find the session and checks the access key's
 * hash against the row's. MODE=reads draws the three reads in equal shares; MODE=memo-usage counts memos.
 */
const url = process.env.DATABASE_URL ?? "";
const mode = process.env.MODE === "memo-usage" ? "memo-usage" : "reads";
const concurrency = Number(process.env.CONCURRENCY ?? 100);
const poolMax = Number(process.env.POOL_MAX ?? 10);
const durationMs = Number(process.env.DURATION_MS ?? 5_000);
const users: SeededUser[] = JSON.parse(readFileSync(process.env.USERS_FILE ?? "", "utf8"));

const pool = new pg.Pool({ connectionString: url, max: poolMax });
const month = () => new Date().toISOString().slice(0, 7);

function checkAccessKey(row: { access_key_hash: string } | undefined, user: SeededUser) {
  if (!row) throw new Error(`no live session for user ${user.id}`);
  const stored = Buffer.from(row.access_key_hash);
  const presented = Buffer.from(hashSecret(user.accessKey));
  if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) throw new Error("access key mismatch");
}

const readNames = Object.keys(readStatements) as (keyof typeof readStatements)[];

async function readOnce(user: SeededUser) {
  const name = readNames[randomInt(readNames.length)] ?? "user-details";
  const tokenHash = hashSecret(user.token);
  const values = name === "entitlement" ? [tokenHash, month()] : [tokenHash];
  // Named: prepared once per connection, as the server's hot statements are.
  const result = await pool.query({ name: `raw_${name}`, text: readStatements[name], values });
  checkAccessKey(result.rows[0], user);
}

async function countMemoOnce(user: SeededUser) {
  const session = await pool.query({
    name: "raw_memo_session",
    text: memoUsageStatements.session,
    values: [hashSecret(user.token)],
  });
  checkAccessKey(session.rows[0], user);
  const counted = await pool.query({
    name: "raw_memo_upsert",
    text: memoUsageStatements.upsert,
    values: [session.rows[0].id, month()],
  });
  if (counted.rowCount !== 1) throw new Error("the counter was not written");
}

let completed = 0;
const deadline = Date.now() + durationMs;
const started = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < deadline) {
      const user = users[randomInt(users.length)] as SeededUser;
      await (mode === "reads" ? readOnce(user) : countMemoOnce(user));
      completed += 1;
    }
  }),
);
const seconds = (Date.now() - started) / 1000;
await pool.end();
process.stdout.write(`${JSON.stringify({ rps: completed / seconds, completed, seconds, errors: 0 })}\n`);
