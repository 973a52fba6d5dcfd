CREATE TABLE "memo_option_sets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"memo_summary" text NOT NULL,
	"memo_facts_length" text NOT NULL,
	"memo_facts_presentation" text NOT NULL,
	"memo_tone" text NOT NULL,
	"memo_lang" text NOT NULL,
	"visibility" jsonb NOT NULL,
	"memo_ordering" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memo_option_sets" ADD CONSTRAINT "memo_option_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memo_option_sets_user_id_idx" ON "memo_option_sets" USING btree ("user_id");