import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns.ts";

/** How a session's sign-in proved who it was (sessions.sign_in_method, decision 043). */
export const SESSION_SIGN_IN_METHODS = ["password", "passkey", "google", "microsoft", "unknown"] as const;

export type SessionSignInMethod = (typeof SESSION_SIGN_IN_METHODS)[number];

/**
 * Server-side sessions. Only SHA-256 hashes of the cookie secret and of the access key are kept:
 * a copy of this table lets nobody act as a user.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull(),
    accessKeyHash: text("access_key_hash").notNull(),
    userId: userRef(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp("idle_expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Opened by a sign-in from a browser extension's origin (the Precis extension), not a web page. */
    isExtension: boolean("is_extension").notNull().default(false),
    /**
     * When the person behind this session last proved who they are (signing in, or confirming their password
     * since): sensitive actions ask again once this is older than 15 minutes.
     */
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * For a session the extension opened with a handoff code: the portal session that handed it over. Logging
     * out of either ends the other, unless the person chose to keep the extension signed in (`isIndependent`).
     */
    linkedSessionId: bigint("linked_session_id", { mode: "number" }),
    isIndependent: boolean("is_independent").notNull().default(false),
    /**
     * How the sign-in that opened this session proved who it was (decision 043): a firm's change of its allowed
     * sign-in methods ends the live sessions begun by a method it no longer allows. A handed-over extension
     * session takes its portal session's. `unknown` is a session older than the column: it complies only with a
     * firm that allows every method.
     */
    signInMethod: text("sign_in_method", { enum: SESSION_SIGN_IN_METHODS }).notNull().default("unknown"),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_key").on(table.tokenHash),
    check(
      "sessions_sign_in_method_known",
      sql`${table.signInMethod} in ('password', 'passkey', 'google', 'microsoft', 'unknown')`,
    ),
    index("sessions_user_id_idx").on(table.userId),
    index("sessions_linked_session_id_idx").on(table.linkedSessionId),
  ],
);

/**
 * Browsers that have signed in to an account before (a long-lived device cookie, kept here only as a hash):
 * their owner's attempts are counted apart, so someone else's failed guesses never lock them out.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: userRef(),
    createdAt: createdAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("known_devices_user_id_idx").on(table.userId)],
);
