import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * "Was this page helpful?" answers from the documentation site. Anonymous by design: no user, no
 * address, so readers can be frank; `page` is a docs page id of the shared contract.
 */
export const docsFeedback = pgTable(
  "docs_feedback",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    page: text("page").notNull(),
    isHelpful: boolean("is_helpful").notNull(),
    comment: text("comment"),
    language: text("language", { enum: ["en", "fr"] }),
    createdAt: createdAt(),
  },
  (table) => [
    index("docs_feedback_page_created_at_idx").on(table.page, table.createdAt),
    check("docs_feedback_comment_length", sql`char_length(${table.comment}) <= 1000`),
  ],
);
