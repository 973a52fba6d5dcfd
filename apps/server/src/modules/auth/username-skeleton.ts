import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { confusableSkeleton } from "../../lib/confusable-skeleton.ts";
import { getViolatedUniqueConstraint } from "../../lib/database-errors.ts";

/** What a username looks like, for uniqueness: its confusable skeleton (lib/confusable-skeleton.ts). */
export const getUsernameSkeleton = (username: string) => confusableSkeleton(username);

const BACKFILL_BATCH = 500;

/**
 * Gives every account older than the skeleton column its skeleton, at start-up. Several instances may run this
 * at once: each row is written only while still empty. Of two older accounts that look alike, the first
 * keeps its skeleton and the other none: both keep their names, and no new account can take either look.
 */
export async function fillMissingUsernameSkeletons(db: AppDatabase) {
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(isNull(users.usernameSkeleton), gt(users.id, afterId)))
      .orderBy(asc(users.id))
      .limit(BACKFILL_BATCH);
    if (batch.length === 0) return;
    for (const row of batch) {
      try {
        await db
          .update(users)
          .set({ usernameSkeleton: getUsernameSkeleton(row.username) })
          .where(eq(users.id, row.id));
      } catch (error) {
        if (getViolatedUniqueConstraint(error) !== "users_username_skeleton_key") throw error;
      }
      afterId = row.id;
    }
  }
}
