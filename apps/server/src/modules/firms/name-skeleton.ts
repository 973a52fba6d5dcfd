import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firms } from "../../db/schema.ts";
import { confusableSkeleton } from "../../lib/confusable-skeleton.ts";
import { getViolatedUniqueConstraint } from "../../lib/database-errors.ts";

/** The unique index that holds one firm to each look of a name. */
export const FIRM_NAME_SKELETON_KEY = "firms_name_skeleton_key";

/**
 * What a firm's name looks like, for uniqueness (issue 53, finding 11): its confusable skeleton, as usernames have
 * (lib/confusable-skeleton.ts), with its spaces run together. "Tremblay Avocats" with a Cyrillic "а", in capitals,
 * or with two spaces is the same look, so another firm cannot take it to pass for this one in an invitation.
 */
export const getFirmNameSkeleton = (name: string) =>
  // Lower-cased first too: the confusables map "m" (to "rn") but not "M", so "TREMBLAY" and "Tremblay" would differ.
  confusableSkeleton(name.toLowerCase()).replace(/\s+/gu, " ").trim();

const BACKFILL_BATCH = 500;

/**
 * Gives every firm older than the skeleton column its skeleton, at start-up, as usernames get theirs. Several
 * instances may run this at once: each row is written only while still empty. Of two older firms that look alike,
 * the older keeps the skeleton and the other none: both keep their names (nobody renames a firm behind its owner's
 * back), no new firm can take that look, and the other gets a skeleton when it is next renamed.
 */
export async function fillMissingFirmNameSkeletons(db: AppDatabase) {
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({ id: firms.id, name: firms.name })
      .from(firms)
      .where(and(isNull(firms.nameSkeleton), gt(firms.id, afterId)))
      .orderBy(asc(firms.id))
      .limit(BACKFILL_BATCH);
    if (batch.length === 0) return;
    for (const row of batch) {
      try {
        await db
          .update(firms)
          .set({ nameSkeleton: getFirmNameSkeleton(row.name) })
          .where(and(eq(firms.id, row.id), isNull(firms.nameSkeleton)));
      } catch (error) {
        if (getViolatedUniqueConstraint(error) !== FIRM_NAME_SKELETON_KEY) throw error;
      }
      afterId = row.id;
    }
  }
}
