import { bigserial, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { userRef } from "./columns.ts";

/** What each account agreed to, and when: the Terms of Service's and the Privacy Policy's versions (Law 25). */
export const consents = pgTable(
  "consents",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    document: text("document", { enum: ["terms", "privacy"] }).notNull(),
    version: text("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("consents_user_document_version_key").on(table.userId, table.document, table.version)],
);
