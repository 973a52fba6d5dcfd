import { defaultMemoOptionSet, type MemoOptionSet, memoVisibilityFlags } from "@precis/contract/memo-options";
import { and, count, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { memoOptionSets, users } from "../../db/schema.ts";

/** Enough for every variant a user could want; stops anyone filling the table. */
export const MAX_OPTION_SETS_PER_USER = 20;

type OptionSetRow = typeof memoOptionSets.$inferSelect;

function toOptionSet(row: OptionSetRow): MemoOptionSet {
  // No parse here: each route's response schema (memoOptionSetSchema, strict) checks every set on the way
  // out, so the extension never receives a value outside the enums, and the check runs once, not twice.
  return {
    id: row.id,
    name: row.name,
    memoSummary: row.memoSummary,
    memoFactsLength: row.memoFactsLength,
    memoFactsPresentation: row.memoFactsPresentation,
    memoTone: row.memoTone,
    memoLang: row.memoLang,
    ...row.visibility,
    memoOrdering: row.memoOrdering,
  } as MemoOptionSet;
}

function toColumns(set: MemoOptionSet) {
  return {
    name: set.name,
    memoSummary: set.memoSummary,
    memoFactsLength: set.memoFactsLength,
    memoFactsPresentation: set.memoFactsPresentation,
    memoTone: set.memoTone,
    memoLang: set.memoLang,
    visibility: Object.fromEntries(memoVisibilityFlags.map((flag) => [flag, set[flag]])) as OptionSetRow["visibility"],
    memoOrdering: set.memoOrdering,
  };
}

const byMostRecentlySaved = (a: OptionSetRow, b: OptionSetRow) =>
  b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id;

/**
 * The caller's option sets, most recently saved first; the selected one is the last saved.
 * A user who never saved gets SPEC's default set (id -1).
 * Read in id order along the (user_id, id) index and sorted here: the order and the limit keep PostgreSQL on a
 * plain index scan (see the index's comment in db/schema.ts).
 */
export async function getMemoOptions(db: AppDatabase, userId: number) {
  const rows = await db
    .select()
    .from(memoOptionSets)
    .where(eq(memoOptionSets.userId, userId))
    .orderBy(memoOptionSets.id)
    .limit(MAX_OPTION_SETS_PER_USER);
  if (rows.length === 0) return { options: [defaultMemoOptionSet], selectedOptionId: defaultMemoOptionSet.id };
  const options = rows.sort(byMostRecentlySaved).map(toOptionSet);
  return { options, selectedOptionId: options[0]?.id ?? defaultMemoOptionSet.id };
}

/**
 * The user's other sets, as one JSON array, for the RETURNING list of a save: the same index scan as
 * getMemoOptions, under an alias, since the UPDATE already names the table. Rows of the table as JSON carry
 * its column names; fromJsonRow maps them back.
 */
const otherSetsOfUser = sql<Record<string, unknown>[]>`(
  select coalesce(json_agg(other), '[]'::json) from (
    select * from ${memoOptionSets} as other
    where other.user_id = ${sql.placeholder("userId")} and other.id <> ${sql.placeholder("id")}
    order by other.id limit ${sql.raw(String(MAX_OPTION_SETS_PER_USER))}
  ) as other
)`;

const tableColumns = Object.entries(getTableColumns(memoOptionSets));

/** A row the database wrote as JSON, as the query builder would have read it (timestamps as dates). */
function fromJsonRow(json: Record<string, unknown>) {
  return Object.fromEntries(
    tableColumns.map(([key, column]) => {
      const value = json[column.name];
      return [key, column.dataType === "date" ? new Date(value as string) : value];
    }),
  ) as OptionSetRow;
}

/** A save is one statement, prepared (about a tenth of the server's CPU time per save went to building it). */
const saveStatement = preparedPerDatabase((db) => {
  // At run time set() binds a placeholder to its column like any value, so the column's encoder (JSON for
  // jsonb, ISO text for timestamps) still applies when the statement runs; only drizzle's types leave it out.
  const column = (name: string) => sql.placeholder(name) as unknown as SQL;
  return db
    .update(memoOptionSets)
    .set({
      name: column("name"),
      memoSummary: column("memoSummary"),
      memoFactsLength: column("memoFactsLength"),
      memoFactsPresentation: column("memoFactsPresentation"),
      memoTone: column("memoTone"),
      memoLang: column("memoLang"),
      visibility: column("visibility"),
      memoOrdering: column("memoOrdering"),
      updatedAt: column("updatedAt"),
    })
    .where(and(eq(memoOptionSets.id, sql.placeholder("id")), eq(memoOptionSets.userId, sql.placeholder("userId"))))
    .returning({ ...getTableColumns(memoOptionSets), others: otherSetsOfUser })
    .prepare("save_memo_option_set");
});

/**
 * Rewrites one of the user's sets and reads the user's other sets, in one UPDATE … RETURNING: atomic on its
 * own, so no transaction, and one round trip. Null when the set is not the user's, and then nothing was
 * written. The row stays locked until the statement ends, a sub-select of two index pages later than with a
 * second statement; measured against the plain UPDATE, the one statement is the faster save (decision 011).
 */
async function updateAndReadOptions(db: AppDatabase, userId: number, set: MemoOptionSet, now: Date) {
  const [updated] = await saveStatement(db).execute({ ...toColumns(set), updatedAt: now, id: set.id, userId });
  if (!updated) return null;
  const { others, ...saved } = updated;
  return [saved, ...others.map(fromJsonRow)].sort(byMostRecentlySaved).map(toOptionSet);
}

export type SaveResult =
  | { outcome: "saved"; options: MemoOptionSet[]; updatedOptionId: number }
  | { outcome: "notFound" | "tooMany" };

/** Saves a whole option set: id -1 (or any id ≤ 0) creates one; another id must be the caller's own. */
export async function saveMemoOptions(
  db: AppDatabase,
  userId: number,
  set: MemoOptionSet,
  now: Date,
): Promise<SaveResult> {
  if (set.id > 0) {
    const options = await updateAndReadOptions(db, userId, set, now);
    if (!options) return { outcome: "notFound" };
    return { outcome: "saved", options, updatedOptionId: set.id };
  }
  const result = await db.transaction(async (tx) => {
    // The user's row, locked until this transaction ends, makes one user's creations take turns: under
    // READ COMMITTED two of them would otherwise both count 19 sets and both insert a 20th.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [existing] = await tx
      .select({ value: count() })
      .from(memoOptionSets)
      .where(eq(memoOptionSets.userId, userId));
    if ((existing?.value ?? 0) >= MAX_OPTION_SETS_PER_USER) return { outcome: "tooMany" as const };
    const [created] = await tx
      .insert(memoOptionSets)
      .values({ ...toColumns(set), userId, createdAt: now, updatedAt: now })
      .returning({ id: memoOptionSets.id });
    if (!created) throw new Error("insert returned no row");
    return { outcome: "saved" as const, id: created.id };
  });
  if (result.outcome !== "saved") return result;
  const { options } = await getMemoOptions(db, userId);
  return { outcome: "saved", options, updatedOptionId: result.id };
}
