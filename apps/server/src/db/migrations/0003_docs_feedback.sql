CREATE TABLE "docs_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"is_helpful" boolean NOT NULL,
	"comment" text,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "docs_feedback_comment_length" CHECK (char_length("docs_feedback"."comment") <= 1000)
);
--> statement-breakpoint
CREATE INDEX "docs_feedback_page_created_at_idx" ON "docs_feedback" USING btree ("page","created_at");