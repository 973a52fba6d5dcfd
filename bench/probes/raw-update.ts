import pg from "pg";

/**
 * The ceiling for PUT /api/user-options: the database's own single-row update rate through the raw
 * driver, CONCURRENCY callers sharing a pool as large as the server's.
 */
const url = process.env.DATABASE_URL ?? "";
const rowId = Number(process.env.ROW_ID);
const concurrency = Number(process.env.CONCURRENCY ?? 100);
const poolMax = Number(process.env.POOL_MAX ?? 10);
const durationMs = Number(process.env.DURATION_MS ?? 5_000);

const pool = new pg.Pool({ connectionString: url, max: poolMax });
let completed = 0;
const deadline = Date.now() + durationMs;
const started = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async (_, worker) => {
    while (Date.now() < deadline) {
      const result = await pool.query("update memo_option_sets set name = $1, updated_at = now() where id = $2", [
        `Raw ${worker} ${completed}`,
        rowId,
      ]);
      if (result.rowCount !== 1) throw new Error("the row to update is missing");
      completed += 1;
    }
  }),
);
const seconds = (Date.now() - started) / 1000;
await pool.end();
process.stdout.write(`${JSON.stringify({ rps: completed / seconds, completed, seconds })}\n`);
