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
ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_leave_links" ADD CONSTRAINT "firm_leave_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_leave_links" ADD CONSTRAINT "firm_leave_links_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_leave_links_token_hash_key" ON "firm_leave_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "firm_leave_links_user_id_idx" ON "firm_leave_links" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sign_in_method_known" CHECK ("sessions"."sign_in_method" in ('password', 'passkey', 'google', 'microsoft', 'unknown'));