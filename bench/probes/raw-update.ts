import pg from "pg";

/**
 * The ceiling for PUT /api/user-options: the database's own single-row update rate through the raw
 * driver, CONCURRENCY callers sharing a pool as large as the server's. It writes the same row with the same
 * columns and values as the PUT does (SET_JSON, the request body), so both move the same bytes.
 */
const url = process.env.DATABASE_URL ?? "";
const rowId = Number(process.env.ROW_ID);
const concurrency = Number(process.env.CONCURRENCY ?? 100);
const poolMax = Number(process.env.POOL_MAX ?? 10);
const durationMs = Number(process.env.DURATION_MS ?? 5_000);
const set = JSON.parse(process.env.SET_JSON ?? "{}");
const visibility = Object.fromEntries(Object.entries(set).filter(([, value]) => typeof value === "boolean"));

const pool = new pg.Pool({ connectionString: url, max: poolMax });
let completed = 0;
const deadline = Date.now() + durationMs;
const started = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async (_, worker) => {
    while (Date.now() < deadline) {
      const result = await pool.query(
        `update memo_option_sets set name = $1, memo_summary = $2, memo_facts_length = $3,
           memo_facts_presentation = $4, memo_tone = $5, memo_lang = $6, visibility = $7, memo_ordering = $8,
           updated_at = now() where id = $9`,
        [
          `${set.name} ${worker}`,
          set.memoSummary,
          set.memoFactsLength,
          set.memoFactsPresentation,
          set.memoTone,
          set.memoLang,
          JSON.stringify(visibility),
          JSON.stringify(set.memoOrdering),
          rowId,
        ],
      );
      if (result.rowCount !== 1) throw new Error("the row to update is missing");
      completed += 1;
    }
  }),
);
const seconds = (Date.now() - started) / 1000;
await pool.end();
process.stdout.write(`${JSON.stringify({ rps: completed / seconds, completed, seconds })}\n`);
