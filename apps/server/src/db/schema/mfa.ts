import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns.ts";
import { users } from "./users.ts";

/**
 * An account's authenticator app (TOTP, RFC 6238). The shared secret must be readable to check codes, so it is
 * kept encrypted (AES-256-GCM under MFA_ENCRYPTION_KEY), never in the clear. Until `enabledAt` is set it is a
 * setup waiting for its first code, and signs nothing in.
 */
export const totpFactors = pgTable("totp_factors", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretCiphertext: text("secret_ciphertext").notNull(),
  createdAt: createdAt(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The 30-second step of the last code accepted: a code, once used, cannot be used again. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  /**
   * When too many wrong codes in a row locked the second step (decision 042): no code is checked until the owner
   * proves the address, by the emailed link or a password reset. Null while unlocked.
   */
  lockedAt: timestamp("locked_at", { withTimezone: true }),
  /** SHA-256 of the emailed link's token that unlocks it; the link lasts SECOND_STEP_UNLOCK_DAYS from `lockedAt`. */
  unlockTokenHash: text("unlock_token_hash"),
});

/** Ten single-use recovery codes per account with the app turned on; SHA-256 hashes only. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("recovery_codes_user_code_key").on(table.userId, table.codeHash)],
);

/** Passkeys (WebAuthn credentials): public keys only, nothing secret. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter: an assertion must move it forward (or both stay 0). */
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    isSynced: boolean("is_synced").notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("passkeys_credential_id_key").on(table.credentialId),
    index("passkeys_user_id_idx").on(table.userId),
  ],
);

/**
 * WebAuthn challenges handed out and not yet answered, each good for one answer within five minutes. Only their
 * hash is kept: the answer carries the challenge back, and is matched by it.
 */
export const webauthnChallenges = pgTable("webauthn_challenges", {
  challengeHash: text("challenge_hash").primaryKey(),
  /** The account a registration or a reauthentication is for; null for a sign-in (anyone's passkey). */
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose", { enum: ["registration", "sign-in", "reauthentication"] }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * A password sign-in waiting for its second factor: the token (hashed) names the account for five minutes and
 * five wrong codes, and opens no session by itself.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: userRef(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("pending_sign_ins_token_hash_key").on(table.tokenHash),
    index("pending_sign_ins_user_id_idx").on(table.userId),
  ],
);
