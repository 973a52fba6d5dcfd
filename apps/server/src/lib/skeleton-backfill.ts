import { and, asc, gt, isNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppDatabase } from "../db/client.ts";
import { getViolatedUniqueConstraint } from "./database-errors.ts";

/** A name column kept unique by its look: the table, its id, the name, the skeleton column and its unique index. */
export interface SkeletonColumns {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  skeleton: PgColumn;
  skeletonOf: (name: string) => string;
  uniqueKey: string;
}

const BACKFILL_BATCH = 500;

/**
 * Gives every row older than its skeleton column its skeleton, at start-up (usernames, firm names). Several
 * instances may run this at once: each row is written only while still empty. Of two older rows that look alike,
 * the first keeps the skeleton and the other none: both keep their names (nobody is renamed behind their back),
 * and no new row can take that look.
 */
export async function fillMissingSkeletons(db: AppDatabase, columns: SkeletonColumns) {
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({ id: columns.id, name: columns.name })
      .from(columns.table)
      .where(and(isNull(columns.skeleton), gt(columns.id, afterId)))
      .orderBy(asc(columns.id))
      .limit(BACKFILL_BATCH);
    if (batch.length === 0) return;
    for (const row of batch) {
      const id = row.id as number;
      try {
        // Postgres takes a bare column name after SET, so the skeleton column is named, not qualified.
        await db.execute(
          sql`update ${columns.table} set ${sql.identifier(columns.skeleton.name)} = ${columns.skeletonOf(row.name as string)}
              where ${columns.id} = ${id} and ${columns.skeleton} is null`,
        );
      } catch (error) {
        if (getViolatedUniqueConstraint(error) !== columns.uniqueKey) throw error;
      }
      afterId = id;
    }
  }
}
