import {
  type CreateMemoPresetRequest,
  defaultMemoOptionSet,
  MAX_MEMO_PRESETS,
  type MemoOptionSet,
  memoVisibilityFlags,
} from "@precis/contract/memo-options";
import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { memoOptionSets, users } from "../../db/schema/index.ts";
import {
  type FoundSession,
  foundSessionColumns,
  liveSessionQuery,
  type SessionSecrets,
  sessionParameters,
} from "../sessions/service.ts";

/**
 * How many sets a read returns: the limit of 20 that held before presets. Users who kept more than
 * MAX_MEMO_PRESETS then still see, use and delete every one; they only cannot create more.
 */
const MAX_SETS_READ = 20;

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
 * The selected set: the one chosen last. Sets are chosen from the first one a user stores on, so "none chosen"
 * only survives in rows no release wrote; there the old rule, the set saved last, still decides.
 */
function findSelectedRow(rows: OptionSetRow[]) {
  const chosen = rows
    .filter((row) => row.selectedAt !== null)
    .sort((a, b) => (b.selectedAt?.getTime() ?? 0) - (a.selectedAt?.getTime() ?? 0) || b.id - a.id);
  return chosen[0] ?? [...rows].sort(byMostRecentlySaved)[0];
}

async function readOptionRows(db: AppDatabase, userId: number) {
  return db
    .select()
    .from(memoOptionSets)
    .where(eq(memoOptionSets.userId, userId))
    .orderBy(memoOptionSets.id)
    .limit(MAX_SETS_READ);
}

export type MemoOptions = { options: MemoOptionSet[]; selectedOptionId: number };

function toMemoOptions(rows: OptionSetRow[]): MemoOptions {
  const selected = findSelectedRow(rows);
  if (!selected) return { options: [defaultMemoOptionSet], selectedOptionId: defaultMemoOptionSet.id };
  return { options: [...rows].sort(byMostRecentlySaved).map(toOptionSet), selectedOptionId: selected.id };
}

/**
 * The caller's option sets, most recently saved first, and the selected one (see findSelectedRow).
 * A user who never saved gets SPEC's default set (id -1), selected.
 * Read in id order along the (user_id, id) index and sorted here: the order and the limit keep PostgreSQL on a
 * plain index scan (see the index's comment in db/schema/memo-settings.ts).
 */
export async function getMemoOptions(db: AppDatabase, userId: number): Promise<MemoOptions> {
  return toMemoOptions(await readOptionRows(db, userId));
}

/** GET /api/user-options: the session and its account's sets in one statement (issue 29), read as getMemoOptions does. */
const sessionOptionRowsStatement = preparedPerDatabase((db) => {
  const live = liveSessionQuery(db);
  return db
    .with(live)
    .select({ session: foundSessionColumns(live), set: memoOptionSets })
    .from(live)
    .leftJoin(memoOptionSets, eq(memoOptionSets.userId, live.userId))
    .orderBy(memoOptionSets.id)
    .limit(MAX_SETS_READ)
    .prepare("session_memo_options_read");
});

/** The live session both secrets name and its account's memo options; null when they name no live session. */
export async function readSessionMemoOptions(
  db: AppDatabase,
  secrets: SessionSecrets,
  now: Date,
): Promise<{ session: FoundSession; memoOptions: MemoOptions } | null> {
  const rows = await sessionOptionRowsStatement(db).execute(sessionParameters(secrets, now));
  const [first] = rows;
  if (!first) return null;
  return { session: first.session, memoOptions: toMemoOptions(rows.flatMap((row) => (row.set ? [row.set] : []))) };
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
    order by other.id limit ${sql.raw(String(MAX_SETS_READ))}
  ) as other
)`;

const tableColumns = Object.entries(getTableColumns(memoOptionSets));

/** A row the database wrote as JSON, as the query builder would have read it (timestamps as dates). */
function fromJsonRow(json: Record<string, unknown>) {
  return Object.fromEntries(
    tableColumns.map(([key, column]) => {
      const value = json[column.name];
      return [key, column.dataType === "date" && value !== null ? new Date(value as string) : value];
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

/**
 * Starts a transaction in which the user's presets are counted and changed by one request at a time: the
 * user's row, locked until it ends, makes one user's creations and deletions take turns. Under READ COMMITTED
 * two creations would otherwise both count 9 presets and both insert a 10th, and two deletions of the last two
 * would both see another left. PGlite runs one transaction at a time anyway; the lock is harmless there.
 */
async function lockPresetsOf(tx: AppDatabase, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return tx
    .select({ id: memoOptionSets.id })
    .from(memoOptionSets)
    .where(eq(memoOptionSets.userId, userId))
    .limit(MAX_SETS_READ);
}

/**
 * Saves a whole option set (PUT, SPEC's shape): id -1 (or any id ≤ 0) creates one; another id must be the
 * caller's own. Saving never changes which set is selected, except that a user's first stored set is selected,
 * as the default it replaces was.
 */
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
    const existing = await lockPresetsOf(tx, userId);
    if (existing.length >= MAX_MEMO_PRESETS) return { outcome: "tooMany" as const };
    const [created] = await tx
      .insert(memoOptionSets)
      .values({ ...toColumns(set), userId, createdAt: now, updatedAt: now, selectedAt: existing.length ? null : now })
      .returning({ id: memoOptionSets.id });
    if (!created) throw new Error("insert returned no row");
    return { outcome: "saved" as const, id: created.id };
  });
  if (result.outcome !== "saved") return result;
  const { options } = await getMemoOptions(db, userId);
  return { outcome: "saved", options, updatedOptionId: result.id };
}

export type CreatePresetResult =
  | ({ outcome: "created"; updatedOptionId: number } & MemoOptions)
  | { outcome: "notFound" | "tooMany" };

/**
 * Creates a named preset from SPEC's defaults, or as a copy of one of the caller's presets. A user who has
 * stored none is shown the default set: it is stored first, selected, so creating a second preset never
 * makes the first one vanish. The copy is not selected: choosing is a step of its own.
 */
export async function createMemoPreset(
  db: AppDatabase,
  userId: number,
  { name, copyFromId }: CreateMemoPresetRequest,
  now: Date,
): Promise<CreatePresetResult> {
  const result = await db.transaction(async (tx) => {
    const existing = await lockPresetsOf(tx, userId);
    let source: MemoOptionSet = defaultMemoOptionSet;
    if (copyFromId !== undefined) {
      const [row] = await tx
        .select()
        .from(memoOptionSets)
        .where(and(eq(memoOptionSets.id, copyFromId), eq(memoOptionSets.userId, userId)));
      if (!row) return { outcome: "notFound" as const };
      source = toOptionSet(row);
    }
    const storesDefaultFirst = existing.length === 0;
    if (existing.length + (storesDefaultFirst ? 2 : 1) > MAX_MEMO_PRESETS) return { outcome: "tooMany" as const };
    if (storesDefaultFirst) {
      await tx
        .insert(memoOptionSets)
        .values({ ...toColumns(defaultMemoOptionSet), userId, createdAt: now, updatedAt: now, selectedAt: now });
    }
    const [created] = await tx
      .insert(memoOptionSets)
      .values({ ...toColumns({ ...source, name }), userId, createdAt: now, updatedAt: now })
      .returning({ id: memoOptionSets.id });
    if (!created) throw new Error("insert returned no row");
    return { outcome: "created" as const, id: created.id, options: toMemoOptions(await readOptionRows(tx, userId)) };
  });
  if (result.outcome !== "created") return result;
  return { outcome: "created", updatedOptionId: result.id, ...result.options };
}

export type PresetChangeResult = ({ outcome: "done" } & MemoOptions) | { outcome: "notFound" | "lastOne" };

/** Deletes one of the caller's presets, never the last; the selection then returns to the one chosen before. */
export async function deleteMemoPreset(db: AppDatabase, userId: number, id: number): Promise<PresetChangeResult> {
  return db.transaction(async (tx) => {
    const existing = await lockPresetsOf(tx, userId);
    if (!existing.some((row) => row.id === id)) return { outcome: "notFound" as const };
    if (existing.length === 1) return { outcome: "lastOne" as const };
    await tx.delete(memoOptionSets).where(and(eq(memoOptionSets.id, id), eq(memoOptionSets.userId, userId)));
    return { outcome: "done" as const, ...toMemoOptions(await readOptionRows(tx, userId)) };
  });
}

/**
 * Makes one of the caller's presets the selected one: a single UPDATE whose WHERE holds the ownership check, so
 * someone else's id changes nothing. The default set of a user who stored none is already selected.
 */
export async function selectMemoPreset(
  db: AppDatabase,
  userId: number,
  id: number,
  now: Date,
): Promise<({ outcome: "done" } & MemoOptions) | { outcome: "notFound" }> {
  if (id === defaultMemoOptionSet.id) {
    const current = await getMemoOptions(db, userId);
    return current.selectedOptionId === id ? { outcome: "done", ...current } : { outcome: "notFound" };
  }
  // Later than every earlier choice of this user, even within one millisecond of it (or on a clock a test holds
  // still): the selection is the latest choice, so each choice must be strictly later than the last.
  const afterEveryEarlierChoice = sql<Date>`greatest(${now.toISOString()}::timestamptz, (
    select max(earlier.selected_at) + interval '1 millisecond' from ${memoOptionSets} as earlier
    where earlier.user_id = ${userId}
  ))`;
  const [chosen] = await db
    .update(memoOptionSets)
    .set({ selectedAt: afterEveryEarlierChoice })
    .where(and(eq(memoOptionSets.id, id), eq(memoOptionSets.userId, userId)))
    .returning({ id: memoOptionSets.id });
  if (!chosen) return { outcome: "notFound" };
  return { outcome: "done", ...(await getMemoOptions(db, userId)) };
}
