ALTER TABLE "firm_memberships" ADD COLUMN "seated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
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
