CREATE TABLE "access_reminders" (
	"user_id" bigint NOT NULL,
	"access" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "access_reminders_user_id_access_ends_at_days_before_pk" PRIMARY KEY("user_id","access","ends_at","days_before")
);
--> statement-breakpoint
CREATE TABLE "email_verification_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_ledger" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"first_trial_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_reminders" ADD CONSTRAINT "access_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_codes" ADD CONSTRAINT "email_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_codes_user_id_idx" ON "email_verification_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_verification_codes_email_idx" ON "email_verification_codes" USING btree ("email");--> statement-breakpoint
-- Accounts made before verification existed count as verified since their creation, and their trial began
-- then, as it always had (decision 022).
UPDATE "users" SET "email_verified_at" = "created_at", "trial_started_at" = "created_at";--> statement-breakpoint
-- Their addresses have had their trial: the same normalisation and hash as normalizeEmailForTrial() in
-- apps/server/src/modules/verification/trial-ledger.ts (a test checks the two agree).
INSERT INTO "trial_ledger" ("email_hash", "first_trial_at")
SELECT encode(sha256(convert_to(
         CASE WHEN split_part("email", '@', 2) IN ('gmail.com', 'googlemail.com')
           THEN replace(split_part(split_part("email", '@', 1), '+', 1), '.', '') || '@gmail.com'
           ELSE split_part(split_part("email", '@', 1), '+', 1) || '@' || split_part("email", '@', 2)
         END, 'UTF8')), 'hex'),
       min("created_at")
FROM "users"
GROUP BY 1
ON CONFLICT DO NOTHING;
