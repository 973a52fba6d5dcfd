import { defaultMemoOptionSet, type MemoOptionSet, memoVisibilityFlags } from "@precis/contract/memo-options";
import { count, desc, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { memoOptionSets } from "../../db/schema.ts";

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

/**
 * The caller's option sets, most recently saved first; the selected one is the last saved.
 * A user who never saved gets SPEC's default set (id -1).
 */
export async function getMemoOptions(db: AppDatabase, userId: number) {
  const rows = await db
    .select()
    .from(memoOptionSets)
    .where(eq(memoOptionSets.userId, userId))
    .orderBy(desc(memoOptionSets.updatedAt), desc(memoOptionSets.id));
  if (rows.length === 0) return { options: [defaultMemoOptionSet], selectedOptionId: defaultMemoOptionSet.id };
  const options = rows.map(toOptionSet);
  return { options, selectedOptionId: options[0]?.id ?? defaultMemoOptionSet.id };
}

interface RawOptionSetRow {
  id: number | string;
  name: string;
  memo_summary: string;
  memo_facts_length: string;
  memo_facts_presentation: string;
  memo_tone: string;
  memo_lang: string;
  visibility: OptionSetRow["visibility"];
  memo_ordering: OptionSetRow["memoOrdering"];
  updated_at: Date | string;
  is_updated: boolean;
}

/**
 * Rewrites one of the user's sets and reads all of them back in one statement: one round trip, and the row
 * stays locked for that statement only (every save of a set contends for that one row). Null when the set is
 * not the user's. The other sets come from the statement's snapshot; the rewritten one from RETURNING.
 */
async function updateAndReadOptions(db: AppDatabase, userId: number, set: MemoOptionSet, now: Date) {
  const columns = toColumns(set);
  const result = (await db.execute(sql`
    with updated as (
      update ${memoOptionSets} set
        name = ${columns.name},
        memo_summary = ${columns.memoSummary},
        memo_facts_length = ${columns.memoFactsLength},
        memo_facts_presentation = ${columns.memoFactsPresentation},
        memo_tone = ${columns.memoTone},
        memo_lang = ${columns.memoLang},
        visibility = ${JSON.stringify(columns.visibility)}::jsonb,
        memo_ordering = ${JSON.stringify(columns.memoOrdering)}::jsonb,
        updated_at = ${now.toISOString()}::timestamptz
      where id = ${set.id} and user_id = ${userId}
      returning *
    )
    select *, true as is_updated from updated
    union all
    select *, false as is_updated from ${memoOptionSets} where user_id = ${userId} and id <> ${set.id}
  `)) as unknown as { rows: RawOptionSetRow[] };
  if (!result.rows.some((row) => row.is_updated)) return null;
  return result.rows
    .map((row) => ({ row, updatedAt: new Date(row.updated_at).getTime(), id: Number(row.id) }))
    .sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id)
    .map(({ row, id }) =>
      toOptionSet({
        id,
        name: row.name,
        memoSummary: row.memo_summary,
        memoFactsLength: row.memo_facts_length,
        memoFactsPresentation: row.memo_facts_presentation,
        memoTone: row.memo_tone,
        memoLang: row.memo_lang,
        visibility: row.visibility,
        memoOrdering: row.memo_ordering,
      } as OptionSetRow),
    );
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
