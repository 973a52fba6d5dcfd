import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns.ts";
import { sessions } from "./sessions.ts";

/**
 * Email-verification codes, as the reset codes are kept: hashed, short-lived, single-use, void after too many
 * wrong tries. `email` is the address the code was sent to and proves: the account's own, or another one
 * (a school address) the account moves to once it is proven.
 */
export const emailVerificationCodes = pgTable(
  "email_verification_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /**
     * The session that asked for a code to another address: only that session may complete the move (issue 42),
     * so neither a code read by someone else nor a link the account mailed to a stranger moves the address.
     */
    sessionId: bigint("session_id", { mode: "number" }).references(() => sessions.id, { onDelete: "cascade" }),
    /**
     * SHA-256 of the emailed link's own token, 256 random bits (issue 53, finding 8): the link carries it rather
     * than the short code, so the link cannot be guessed, and wrong guesses at the code never block it.
     */
    linkTokenHash: text("link_token_hash"),
  },
  (table) => [
    index("email_verification_codes_user_id_idx").on(table.userId),
    index("email_verification_codes_email_idx").on(table.email),
    uniqueIndex("email_verification_codes_link_token_hash_key").on(table.linkTokenHash),
  ],
);

/**
 * The links emailed to an account's old address when its address changes (issue 42): following one within its
 * time restores that address and ends every session. Only the SHA-256 of the link's random token is kept.
 */
export const emailChangeUndoTokens = pgTable(
  "email_change_undo_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address the link restores, and the one the change moved to. */
    previousEmail: text("previous_email").notNull(),
    newEmail: text("new_email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("email_change_undo_tokens_user_id_idx").on(table.userId)],
);

/**
 * One trial per person: the SHA-256 of each normalised address that has had a trial (lower-cased, without a
 * +tag, and for Gmail without dots). Not tied to any account, so it outlives them: a hash, not an address.
 */
export const trialLedger = pgTable("trial_ledger", {
  emailHash: text("email_hash").primaryKey(),
  firstTrialAt: timestamp("first_trial_at", { withTimezone: true }).notNull(),
});
