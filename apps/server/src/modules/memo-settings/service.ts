import {
  defaultMemoOptionSet,
  type MemoOptionSet,
  memoOptionSetSchema,
  memoVisibilityFlags,
} from "@precis/contract/memo-options";
import { and, count, desc, eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { memoOptionSets } from "../../db/schema.ts";

/** Enough for every variant a user could want; stops anyone filling the table. */
export const MAX_OPTION_SETS_PER_USER = 20;

type OptionSetRow = typeof memoOptionSets.$inferSelect;

function toOptionSet(row: OptionSetRow): MemoOptionSet {
  // Parsing on the way out guarantees the extension never receives a value outside the enums.
  return memoOptionSetSchema.parse({
    id: row.id,
    name: row.name,
    memoSummary: row.memoSummary,
    memoFactsLength: row.memoFactsLength,
    memoFactsPresentation: row.memoFactsPresentation,
    memoTone: row.memoTone,
    memoLang: row.memoLang,
    ...row.visibility,
    memoOrdering: row.memoOrdering,
  });
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
    // One statement is atomic on its own: no transaction, so the row is locked for one round trip only.
    const updated = await db
      .update(memoOptionSets)
      .set({ ...toColumns(set), updatedAt: now })
      .where(and(eq(memoOptionSets.id, set.id), eq(memoOptionSets.userId, userId)))
      .returning({ id: memoOptionSets.id });
    if (!updated[0]) return { outcome: "notFound" };
    const { options } = await getMemoOptions(db, userId);
    return { outcome: "saved", options, updatedOptionId: updated[0].id };
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
