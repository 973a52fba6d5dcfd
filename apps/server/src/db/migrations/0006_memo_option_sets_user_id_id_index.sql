CREATE INDEX "memo_option_sets_user_id_id_idx" ON "memo_option_sets" USING btree ("user_id","id");--> statement-breakpoint
DROP INDEX "memo_option_sets_user_id_idx";
