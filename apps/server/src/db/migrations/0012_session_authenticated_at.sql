ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session open before this column proved who it was when it was opened.
UPDATE "sessions" SET "authenticated_at" = "created_at";
