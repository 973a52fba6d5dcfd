ALTER TABLE "firm_domains" ADD COLUMN "proof_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD COLUMN "proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD COLUMN "proof_missing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD COLUMN "proof_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD COLUMN "unproven_mode_revoked" text;--> statement-breakpoint
-- hand-written (dns):
-- Suggest and automatic now need a DNS proof (decision 038), which no domain has yet: each goes back to invitation,
-- in its firm's trail, and the domain-proof job emails its firm's owners and admins why (unproven_mode_revoked).
INSERT INTO "firm_audit_events" ("firm_id", "occurred_at", "event", "details")
SELECT "firm_id", now(), 'domain_returned_to_invitation',
  jsonb_build_object('domain', "domain", 'from', "join_mode", 'reason', 'neverProven')
FROM "firm_domains" WHERE "join_mode" IN ('suggest', 'automatic') AND "proven_at" IS NULL;--> statement-breakpoint
UPDATE "firm_domains" SET "unproven_mode_revoked" = "join_mode", "join_mode" = 'invitation'
WHERE "join_mode" IN ('suggest', 'automatic') AND "proven_at" IS NULL;
