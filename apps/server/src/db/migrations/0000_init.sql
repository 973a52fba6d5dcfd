CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"area_of_law" text DEFAULT '' NOT NULL,
	"occupation" text DEFAULT 'lawyer' NOT NULL,
	"topics_of_interest" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_is_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_occupation_known" CHECK ("users"."occupation" in ('lawyer', 'law student', 'law faculty', 'other'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));