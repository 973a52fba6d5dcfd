CREATE TABLE "firm_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"firm_id" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"actor_user_id" bigint,
	"subject_user_id" bigint,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firm_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"firm_id" bigint NOT NULL,
	"join_mode" text DEFAULT 'invitation' NOT NULL,
	"added_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_domains_domain_is_lowercase" CHECK ("firm_domains"."domain" = lower("firm_domains"."domain")),
	CONSTRAINT "firm_domains_join_mode_known" CHECK ("firm_domains"."join_mode" in ('invitation', 'suggest', 'automatic'))
);
--> statement-breakpoint
CREATE TABLE "firm_invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"firm_id" bigint NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" bigint,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "firm_invitations_email_is_lowercase" CHECK ("firm_invitations"."email" = lower("firm_invitations"."email")),
	CONSTRAINT "firm_invitations_role_known" CHECK ("firm_invitations"."role" in ('admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "firm_matter_usage" (
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"month" text NOT NULL,
	"matter" text DEFAULT '' NOT NULL,
	"memo_count" integer NOT NULL,
	CONSTRAINT "firm_matter_usage_firm_id_month_user_id_matter_pk" PRIMARY KEY("firm_id","month","user_id","matter")
);
--> statement-breakpoint
CREATE TABLE "firm_memberships" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"firm_id" bigint NOT NULL,
	"role" text NOT NULL,
	"joined_by" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_memberships_role_known" CHECK ("firm_memberships"."role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "firms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"matter_codes" text DEFAULT 'off' NOT NULL,
	"matter_mask" text,
	"require_two_step" boolean DEFAULT false NOT NULL,
	"sign_in_methods" text[] DEFAULT '{password,google,microsoft}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"subscription_status" text,
	"seat_quantity" integer,
	"current_period_end" timestamp with time zone,
	"billing_last_event_at" timestamp with time zone,
	CONSTRAINT "firms_matter_codes_known" CHECK ("firms"."matter_codes" in ('off', 'optional', 'required')),
	CONSTRAINT "firms_sign_in_methods_known" CHECK ("firms"."sign_in_methods" <@ '{password,google,microsoft}'::text[])
);
--> statement-breakpoint
ALTER TABLE "firm_audit_events" ADD CONSTRAINT "firm_audit_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_audit_events" ADD CONSTRAINT "firm_audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_audit_events" ADD CONSTRAINT "firm_audit_events_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD CONSTRAINT "firm_domains_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_domains" ADD CONSTRAINT "firm_domains_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_invitations" ADD CONSTRAINT "firm_invitations_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_invitations" ADD CONSTRAINT "firm_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_invitations" ADD CONSTRAINT "firm_invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_matter_usage" ADD CONSTRAINT "firm_matter_usage_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_matter_usage" ADD CONSTRAINT "firm_matter_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_memberships" ADD CONSTRAINT "firm_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_memberships" ADD CONSTRAINT "firm_memberships_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firm_audit_events_firm_id_id_idx" ON "firm_audit_events" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "firm_audit_events_occurred_at_idx" ON "firm_audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "firm_domains_firm_id_idx" ON "firm_domains" USING btree ("firm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "firm_invitations_token_hash_key" ON "firm_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "firm_invitations_open_key" ON "firm_invitations" USING btree ("firm_id","email") WHERE "firm_invitations"."accepted_at" is null and "firm_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "firm_matter_usage_user_id_idx" ON "firm_matter_usage" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "firm_memberships_firm_id_idx" ON "firm_memberships" USING btree ("firm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "firms_stripe_customer_id_key" ON "firms" USING btree ("stripe_customer_id");