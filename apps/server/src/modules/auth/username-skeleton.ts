import type { AppDatabase } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { confusableSkeleton } from "../../lib/confusable-skeleton.ts";
import { fillMissingSkeletons } from "../../lib/skeleton-backfill.ts";

/** What a username looks like, for uniqueness: its confusable skeleton (lib/confusable-skeleton.ts). */
export const getUsernameSkeleton = (username: string) => confusableSkeleton(username);

/** Every account older than the skeleton column gets its skeleton, at start-up (lib/skeleton-backfill.ts). */
export const fillMissingUsernameSkeletons = (db: AppDatabase) =>
  fillMissingSkeletons(db, {
    table: users,
    id: users.id,
    name: users.username,
    skeleton: users.usernameSkeleton,
    skeletonOf: getUsernameSkeleton,
    uniqueKey: "users_username_skeleton_key",
  });
