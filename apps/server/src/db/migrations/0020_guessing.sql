ALTER TABLE "totp_factors" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD COLUMN "unlock_token_hash" text;