import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns.ts";

/** Password-reset security codes: hashed, short-lived, single-use, and void after too many wrong tries. */
export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    failedAttempts: integer("failed_attempts").notNull().default(0),
  },
  (table) => [index("password_reset_codes_user_id_idx").on(table.userId)],
);
