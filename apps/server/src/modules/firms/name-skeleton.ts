import type { AppDatabase } from "../../db/client.ts";
import { firms } from "../../db/schema/index.ts";
import { confusableSkeleton } from "../../lib/confusable-skeleton.ts";
import { fillMissingSkeletons } from "../../lib/skeleton-backfill.ts";

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

/**
 * Every firm older than the skeleton column gets its skeleton, at start-up, as usernames get theirs
 * (lib/skeleton-backfill.ts); a firm left without one, because an older firm has its look, gets one when it is next
 * renamed.
 */
export const fillMissingFirmNameSkeletons = (db: AppDatabase) =>
  fillMissingSkeletons(db, {
    table: firms,
    id: firms.id,
    name: firms.name,
    skeleton: firms.nameSkeleton,
    skeletonOf: getFirmNameSkeleton,
    uniqueKey: FIRM_NAME_SKELETON_KEY,
  });
