ALTER TABLE "memo_option_sets" ADD COLUMN "selected_at" timestamp with time zone;--> statement-breakpoint
-- Until now the selected set was the one saved last: mark it chosen, so nobody's selection changes with this release.
UPDATE "memo_option_sets" SET "selected_at" = "updated_at"
WHERE "id" IN (
  SELECT DISTINCT ON ("user_id") "id" FROM "memo_option_sets" ORDER BY "user_id", "updated_at" DESC, "id" DESC
);
