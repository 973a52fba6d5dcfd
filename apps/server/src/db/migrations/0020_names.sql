ALTER TABLE "firms" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "firms_name_skeleton_key" ON "firms" USING btree ("name_skeleton");
-- hand-written (names): none. The firms older than this column get their name skeleton at start-up
-- (fillMissingFirmNameSkeletons in firms/name-skeleton.ts), as usernames got theirs after 0008: the skeleton is
-- computed with the unhomoglyph confusables data, which SQL does not have.
