import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * Emails waiting to be sent. Written in the same transaction as the change that causes them, so an
 * acknowledged change never loses its email; a worker sends them with retries.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [index("mail_outbox_pending_idx").on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);
