CREATE TABLE "extension_handoff_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"portal_session_id" bigint NOT NULL,
	"is_independent" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "linked_session_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "is_independent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "extension_handoff_codes" ADD CONSTRAINT "extension_handoff_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_handoff_codes" ADD CONSTRAINT "extension_handoff_codes_portal_session_id_sessions_id_fk" FOREIGN KEY ("portal_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_linked_session_id_idx" ON "sessions" USING btree ("linked_session_id");