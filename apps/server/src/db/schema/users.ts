import { occupations } from "@precis/contract/profile";
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** One row per account. Emails are stored lower-cased; usernames are unique whatever their case. */
export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    /**
     * The username's confusable skeleton (Unicode UTS #39), so "аlice" with a Cyrillic "а" cannot sit beside
     * "alice". Null only for accounts older than the column until the start-up backfill reaches them.
     */
    usernameSkeleton: text("username_skeleton"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    organization: text("organization").notNull().default(""),
    areaOfLaw: text("area_of_law").notNull().default(""),
    occupation: text("occupation", { enum: occupations }).notNull().default("lawyer"),
    topicsOfInterest: text("topics_of_interest").array().notNull().default(sql`'{}'::text[]`),
    /** argon2id PHC string; null for accounts that only sign in with Google or Microsoft. */
    passwordHash: text("password_hash"),
    isInternal: boolean("is_internal").notNull().default(false),
    /**
     * When the account proved it owns `email`: by emailed code, or through Google or Microsoft. Null while
     * unproven, and again after a move to an address not yet proven. Accounts older than verification count
     * as verified since their creation (decision 022).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * When the 30-day trial began: at the first verification of an address that never had one (the trial
     * ledger says). Null while unverified, and for an address that already had its trial.
     */
    trialStartedAt: timestamp("trial_started_at", { withTimezone: true }),
    locale: text("locale", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the account is to be deleted, at the owner's request (the grace period's end); null when it is not. */
    deletionScheduledFor: timestamp("deletion_scheduled_for", { withTimezone: true }),
    /** SHA-256 of the emailed link's token that cancels the deletion. */
    deletionCancelTokenHash: text("deletion_cancel_token_hash"),
    /** The deletion job's lease on this account, so one instance deletes it; and its tries, for retries. */
    deletionClaimedUntil: timestamp("deletion_claimed_until", { withTimezone: true }),
    deletionAttempts: integer("deletion_attempts").notNull().default(0),
    /** The latest versions of the Terms and the Privacy Policy accepted (their history is in `consents`). */
    acceptedTermsVersion: text("accepted_terms_version"),
    acceptedPrivacyVersion: text("accepted_privacy_version"),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email),
    index("users_deletion_scheduled_for_idx")
      .on(table.deletionScheduledFor)
      .where(sql`${table.deletionScheduledFor} is not null`),
    uniqueIndex("users_username_lower_key").on(sql`lower(${table.username})`),
    uniqueIndex("users_username_skeleton_key").on(table.usernameSkeleton),
    check("users_email_is_lowercase", sql`${table.email} = lower(${table.email})`),
    check("users_occupation_known", sql`${table.occupation} in ('lawyer', 'law student', 'law faculty', 'other')`),
  ],
);
