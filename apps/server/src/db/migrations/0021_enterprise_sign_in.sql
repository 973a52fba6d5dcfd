CREATE TABLE "enterprise_connection_domains" (
	"connection_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	CONSTRAINT "enterprise_connection_domains_connection_id_domain_pk" PRIMARY KEY("connection_id","domain")
);
--> statement-breakpoint
CREATE TABLE "enterprise_connections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"tested_at" timestamp with time zone,
	"tested_by_user_id" bigint,
	"activated_at" timestamp with time zone,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret_ciphertext" text,
	"oidc_metadata" jsonb,
	"oidc_metadata_fetched_at" timestamp with time zone,
	"oidc_jwks_cache" jsonb,
	"saml_idp_entity_id" text,
	"saml_sso_url" text,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_connections_kind_known" CHECK ("enterprise_connections"."kind" in ('oidc', 'saml')),
	CONSTRAINT "enterprise_connections_status_known" CHECK ("enterprise_connections"."status" in ('draft', 'tested', 'active')),
	CONSTRAINT "enterprise_connections_oidc_complete" CHECK ("enterprise_connections"."kind" <> 'oidc' or ("enterprise_connections"."oidc_issuer" is not null and "enterprise_connections"."oidc_client_id" is not null and "enterprise_connections"."oidc_client_secret_ciphertext" is not null and "enterprise_connections"."oidc_metadata" is not null)),
	CONSTRAINT "enterprise_connections_saml_complete" CHECK ("enterprise_connections"."kind" <> 'saml' or ("enterprise_connections"."saml_idp_entity_id" is not null and "enterprise_connections"."saml_sso_url" is not null))
);
--> statement-breakpoint
CREATE TABLE "enterprise_saml_certificates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" bigint NOT NULL,
	"pem" text NOT NULL,
	"fingerprint_sha256" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by_user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "enterprise_sign_in_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"binding_hash" text NOT NULL,
	"session_id" bigint,
	"oidc_state_hash" text,
	"oidc_secrets_ciphertext" text,
	"oidc_max_age" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"outcome" text,
	"result" jsonb,
	CONSTRAINT "enterprise_sign_in_attempts_purpose_known" CHECK ("enterprise_sign_in_attempts"."purpose" in ('signIn', 'register', 'test', 'stepUp'))
);
--> statement-breakpoint
ALTER TABLE "enterprise_connection_domains" ADD CONSTRAINT "enterprise_connection_domains_connection_id_enterprise_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."enterprise_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_connection_domains" ADD CONSTRAINT "enterprise_connection_domains_domain_firm_domains_domain_fk" FOREIGN KEY ("domain") REFERENCES "public"."firm_domains"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_connections" ADD CONSTRAINT "enterprise_connections_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_connections" ADD CONSTRAINT "enterprise_connections_tested_by_user_id_users_id_fk" FOREIGN KEY ("tested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_connections" ADD CONSTRAINT "enterprise_connections_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_saml_certificates" ADD CONSTRAINT "enterprise_saml_certificates_connection_id_enterprise_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."enterprise_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_saml_certificates" ADD CONSTRAINT "enterprise_saml_certificates_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_sign_in_attempts" ADD CONSTRAINT "enterprise_sign_in_attempts_connection_id_enterprise_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."enterprise_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_sign_in_attempts" ADD CONSTRAINT "enterprise_sign_in_attempts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_connection_domains_active_domain_key" ON "enterprise_connection_domains" USING btree ("domain") WHERE "enterprise_connection_domains"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_connections_public_id_key" ON "enterprise_connections" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "enterprise_connections_firm_id_idx" ON "enterprise_connections" USING btree ("firm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_saml_certificates_fingerprint_key" ON "enterprise_saml_certificates" USING btree ("connection_id","fingerprint_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_sign_in_attempts_oidc_state_hash_key" ON "enterprise_sign_in_attempts" USING btree ("oidc_state_hash");--> statement-breakpoint
CREATE INDEX "enterprise_sign_in_attempts_connection_id_idx" ON "enterprise_sign_in_attempts" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "enterprise_sign_in_attempts_expires_at_idx" ON "enterprise_sign_in_attempts" USING btree ("expires_at");