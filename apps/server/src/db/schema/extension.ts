import { bigint, boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { userRef } from "./columns.ts";
import { sessions } from "./sessions.ts";

/**
 * Single-use codes by which a signed-in portal page hands the extension a session of its own (decision 028):
 * hashed, for one minute, for one exchange, by an allowed extension only.
 */
export const extensionHandoffCodes = pgTable("extension_handoff_codes", {
  codeHash: text("code_hash").primaryKey(),
  userId: userRef(),
  portalSessionId: bigint("portal_session_id", { mode: "number" })
    .notNull()
    .references(() => sessions.id, { onDelete: "cascade" }),
  /** The person chose to keep the extension signed in when they log out of the portal. */
  isIndependent: boolean("is_independent").notNull().default(false),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
