CREATE TABLE "firm_leave_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"firm_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_verification_codes" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD COLUMN "proof_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD COLUMN "proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD COLUMN "proof_missing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD COLUMN "proof_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD COLUMN "unproven_mode_revoked" text;--> statement-breakpoint
ALTER TABLE "firm_memberships" ADD COLUMN "seated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD COLUMN "unlock_token_hash" text;--> statement-breakpoint
ALTER TABLE "firm_leave_links" ADD CONSTRAINT "firm_leave_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_leave_links" ADD CONSTRAINT "firm_leave_links_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_leave_links_token_hash_key" ON "firm_leave_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "firm_leave_links_user_id_idx" ON "firm_leave_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_verification_codes_link_token_hash_key" ON "email_verification_codes" USING btree ("link_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "firms_name_skeleton_key" ON "firms" USING btree ("name_skeleton");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sign_in_method_known" CHECK ("sessions"."sign_in_method" in ('password', 'passkey', 'google', 'microsoft', 'unknown'));--> statement-breakpoint
-- hand-written (dns):
-- Suggest and automatic now need a DNS proof (decision 038), which no domain has yet: each goes back to invitation,
-- in its firm's trail, and the domain-proof job emails its firm's owners and admins why (unproven_mode_revoked).
INSERT INTO "firm_audit_events" ("firm_id", "occurred_at", "event", "details")
SELECT "firm_id", now(), 'domain_returned_to_invitation',
  jsonb_build_object('domain', "domain", 'from', "join_mode", 'reason', 'neverProven')
FROM "firm_domains" WHERE "join_mode" IN ('suggest', 'automatic') AND "proven_at" IS NULL;--> statement-breakpoint
UPDATE "firm_domains" SET "unproven_mode_revoked" = "join_mode", "join_mode" = 'invitation'
WHERE "join_mode" IN ('suggest', 'automatic') AND "proven_at" IS NULL;
--> statement-breakpoint
-- hand-written (seats):
-- Members of a firm whose subscription seats them now hold a seat in the order firms/seats.ts gives (owners first,
-- then by join date), up to its quantity; every other member keeps the default (no limit applies).
UPDATE "firm_memberships" AS "member"
SET "seated" = "ranked"."position" <= coalesce("firm"."seat_quantity", 0)
FROM (
  SELECT "user_id", "firm_id",
    row_number() OVER (PARTITION BY "firm_id" ORDER BY ("role" = 'owner') DESC, "joined_at", "user_id") AS "position"
  FROM "firm_memberships"
) AS "ranked"
JOIN "firms" AS "firm" ON "firm"."id" = "ranked"."firm_id"
WHERE "member"."user_id" = "ranked"."user_id"
  AND "firm"."stripe_subscription_id" IS NOT NULL
  AND "firm"."subscription_status" IN ('active', 'trialing', 'past_due')
  AND ("firm"."current_period_end" IS NULL OR "firm"."current_period_end" > now());
