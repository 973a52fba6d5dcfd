import { bigserial, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns.ts";

/** Google and Microsoft identities linked to accounts, keyed by provider and subject (never by email). */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("user_identities_provider_subject_key").on(table.provider, table.subject)],
);
