ALTER TABLE "users" ADD COLUMN "deletion_scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_cancel_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_deletion_scheduled_for_idx" ON "users" USING btree ("deletion_scheduled_for") WHERE "users"."deletion_scheduled_for" is not null;