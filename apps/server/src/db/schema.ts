import type { MemoOrderingNode, MemoVisibilityFlag } from "@precis/contract/memo-options";
import { occupations } from "@precis/contract/profile";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** How a session's sign-in proved who it was (sessions.sign_in_method, decision 043). */
export const SESSION_SIGN_IN_METHODS = ["password", "passkey", "google", "microsoft", "unknown"] as const;
export type SessionSignInMethod = (typeof SESSION_SIGN_IN_METHODS)[number];

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

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

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

/** What each account agreed to, and when: the Terms of Service's and the Privacy Policy's versions (Law 25). */
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

/** Security events, kept for investigations. Never holds a password, code, cookie or key. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    event: text("event").notNull(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    requestId: text("request_id"),
    details: jsonb("details").$type<Record<string, string | number | boolean>>(),
  },
  (table) => [index("audit_events_user_id_idx").on(table.userId)],
);

/** Fixed-window counters shared by every instance, so limits survive restarts and scale-out. */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index("rate_limit_expires_idx").on(table.expiresAt),
  ],
);

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

/**
 * Reminders sent before a free access ends, one row per account, access and end date, and days before: the
 * primary key makes each reminder go out once, whichever instance's job gets there first.
 */
export const accessReminders = pgTable(
  "access_reminders",
  {
    userId: userRef(),
    access: text("access", { enum: ["trial", "student"] }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    daysBefore: integer("days_before").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.access, table.endsAt, table.daysBefore] })],
);

/**
 * Each scheduled job's runs, one row per job and period (a UTC day): the primary key lets one instance claim a
 * period, however many run the job, and the row says what the run did.
 */
export const scheduledJobRuns = pgTable(
  "scheduled_job_runs",
  {
    job: text("job").notNull(),
    period: text("period").notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull(),
    details: jsonb("details").$type<Record<string, number>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);

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

/**
 * Memo option sets (product §3): the extension reads the selected one to shape every memo.
 * The five choices are columns; the fourteen visibility flags and the section order are JSON,
 * validated by the shared schema before they are written.
 */
export const memoOptionSets = pgTable(
  "memo_option_sets",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    name: text("name").notNull(),
    memoSummary: text("memo_summary").notNull(),
    memoFactsLength: text("memo_facts_length").notNull(),
    memoFactsPresentation: text("memo_facts_presentation").notNull(),
    memoTone: text("memo_tone").notNull(),
    memoLang: text("memo_lang").notNull(),
    visibility: jsonb("visibility").$type<Record<MemoVisibilityFlag, boolean>>().notNull(),
    memoOrdering: jsonb("memo_ordering").$type<MemoOrderingNode[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the user last chose this preset for the extension: the selected preset is the one chosen last, so
     * choosing is one UPDATE of the chosen row (ownership in its WHERE, no second row to clear), and deleting
     * the selected preset hands the selection back to the one chosen before it. Null: never chosen.
     */
    selectedAt: timestamp("selected_at", { withTimezone: true }),
  },
  // (user_id, id), not user_id alone: a save reads the user's other sets by this index in id order, a plain
  // index scan, which marks the dead versions that repeated saves of one set leave as dead in the index. On
  // user_id alone PostgreSQL chose a bitmap scan, which never does, and visited every dead version on every
  // save: after some thousands of saves of one set, saves ran at a third of a plain UPDATE's rate (decision 011).
  (table) => [index("memo_option_sets_user_id_id_idx").on(table.userId, table.id)],
);

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

/** Stripe customers, linked to our users by checkout's client_reference_id. */
export const stripeCustomers = pgTable("stripe_customers", {
  customerId: text("customer_id").primaryKey(),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * Subscriptions as Stripe last described them. `lastEventAt` is the creation time of the Stripe
 * event the row was last updated from: an older event never overwrites a newer state.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    subscriptionId: text("subscription_id").primaryKey(),
    customerId: text("customer_id").notNull(),
    status: text("status").notNull(),
    planName: text("plan_name").notNull(),
    planDetails: text("plan_details").notNull(),
    pricePeriod: text("price_period").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("subscriptions_customer_id_idx").on(table.customerId)],
);

/** Every Stripe event id seen, recorded in the transaction of its effect: a replay changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  eventCreatedAt: timestamp("event_created_at", { withTimezone: true }).notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  /** What the event did, for investigations: applied, stale, unknownCustomer, ignored. */
  outcome: text("outcome").notNull(),
  payload: jsonb("payload").notNull(),
});

/** Memos generated per user per calendar month (UTC), counted exactly under concurrency. */
export const memoUsage = pgTable(
  "memo_usage",
  {
    userId: userRef(),
    month: text("month").notNull(),
    memoCount: integer("memo_count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

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

/*
 * Firm accounts (issue 44, decision 037). A firm has members with roles, invitations, verified domains, policies, a
 * Stripe subscription for its seats and an audit trail. The billing columns and firm_matter_usage are written from
 * phase 2 on (seats, matter codes, usage reports); they are here now so that phase adds no migration.
 */
export const firms = pgTable(
  "firms",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    /**
     * What the name looks like (its confusable skeleton, firms/name-skeleton.ts), unique: no firm takes a look-alike
     * of another's name (issue 53). Null only for a firm older than the column whose look another older firm had.
     */
    nameSkeleton: text("name_skeleton"),
    /** Policies (decision 037): client-matter codes off, optional or required, with an optional mask. */
    matterCodes: text("matter_codes", { enum: ["off", "optional", "required"] })
      .notNull()
      .default("off"),
    matterMask: text("matter_mask"),
    requireTwoStep: boolean("require_two_step").notNull().default(false),
    signInMethods: text("sign_in_methods").array().notNull().default(sql`'{password,google,microsoft}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The firm's Stripe customer and subscription (phase 2): the seat count is the subscription item's quantity. */
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    subscriptionStatus: text("subscription_status"),
    seatQuantity: integer("seat_quantity"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** The creation time of the Stripe event the billing columns were last set from: an older one never wins. */
    billingLastEventAt: timestamp("billing_last_event_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("firms_stripe_customer_id_key").on(table.stripeCustomerId),
    uniqueIndex("firms_name_skeleton_key").on(table.nameSkeleton),
    check("firms_matter_codes_known", sql`${table.matterCodes} in ('off', 'optional', 'required')`),
    check("firms_sign_in_methods_known", sql`${table.signInMethods} <@ '{password,google,microsoft}'::text[]`),
  ],
);

const firmRef = () =>
  bigint("firm_id", { mode: "number" })
    .notNull()
    .references(() => firms.id, { onDelete: "cascade" });

/** Who belongs to which firm. The user id is the key: a person belongs to at most one firm, whatever races. */
export const firmMemberships = pgTable(
  "firm_memberships",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    firmId: firmRef(),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    /** How they came: created the firm, accepted an invitation, or joined by the firm's domain. */
    joinedBy: text("joined_by", { enum: ["creation", "invitation", "domain"] }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Whether the member holds one of the firm's seats (issue 53): only a seated member's access is `firm`. Every
     * change of the subscription's quantity recomputes it (firms/seats.ts, seatMembers); a join takes a free seat,
     * since joins beyond the seats are refused, so a new row is seated.
     */
    seated: boolean("seated").notNull().default(true),
  },
  (table) => [
    index("firm_memberships_firm_id_idx").on(table.firmId),
    check("firm_memberships_role_known", sql`${table.role} in ('owner', 'admin', 'member')`),
  ],
);

/**
 * Emailed links by which a person the firm's sign-in policy refuses leaves the firm without signing in (issue 53: a
 * policy never traps; decision 043). The token is 256 random bits kept only as SHA-256, good once, for a day, and
 * only while the person is still in the firm that refused them.
 */
export const firmLeaveLinks = pgTable(
  "firm_leave_links",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: userRef(),
    firmId: firmRef(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("firm_leave_links_token_hash_key").on(table.tokenHash),
    index("firm_leave_links_user_id_idx").on(table.userId),
  ],
);

/**
 * Invitations by email: the link's token is kept only as SHA-256, used once, valid 7 days from the last send. One
 * open invitation per firm and address: sending again re-issues that row's token (the old link stops working).
 */
export const firmInvitations = pgTable(
  "firm_invitations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    firmId: firmRef(),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedByUserId: bigint("invited_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedByUserId: bigint("accepted_by_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("firm_invitations_token_hash_key").on(table.tokenHash),
    uniqueIndex("firm_invitations_open_key")
      .on(table.firmId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    check("firm_invitations_email_is_lowercase", sql`${table.email} = lower(${table.email})`),
    check("firm_invitations_role_known", sql`${table.role} in ('admin', 'member')`),
  ],
);

/** Verified email domains. The domain is the key: one firm at most claims it, whatever races. */
export const firmDomains = pgTable(
  "firm_domains",
  {
    domain: text("domain").primaryKey(),
    firmId: firmRef(),
    joinMode: text("join_mode", { enum: ["invitation", "suggest", "automatic"] })
      .notNull()
      .default("invitation"),
    addedByUserId: bigint("added_by_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /*
     * The DNS proof that the firm controls the domain (decision 038): the value its TXT record at
     * `_precis-verification.<domain>` must carry. Not a secret (it is published in DNS), but random per claim, so
     * a record left for another claim proves nothing about this one; the database draws it, rows already there too.
     */
    proofToken: text("proof_token").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** When a check first found the record (since it was last lost); only then may the mode be suggest or automatic. */
    provenAt: timestamp("proven_at", { withTimezone: true }),
    /** When a check first failed to find the record; after 7 days of it the domain goes back to invitation. */
    proofMissingSince: timestamp("proof_missing_since", { withTimezone: true }),
    /** When the record was last looked up (by Check now or the daily check) with an answer from DNS. */
    proofCheckedAt: timestamp("proof_checked_at", { withTimezone: true }),
    /**
     * The mode the DNS-proof migration took away from an unproven domain, until its firm's owners and admins have
     * been emailed why (the domain-proof job sends it, then clears this).
     */
    unprovenModeRevoked: text("unproven_mode_revoked", { enum: ["suggest", "automatic"] }),
  },
  (table) => [
    index("firm_domains_firm_id_idx").on(table.firmId),
    check("firm_domains_domain_is_lowercase", sql`${table.domain} = lower(${table.domain})`),
    check("firm_domains_join_mode_known", sql`${table.joinMode} in ('invitation', 'suggest', 'automatic')`),
  ],
);

/**
 * The firm's own audit trail, shown to its owners and admins (not the security log, audit_events, which no firm
 * sees). Kept AUDIT_RETENTION_DAYS, like the security log; it goes with its firm.
 */
export const firmAuditEvents = pgTable(
  "firm_audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    firmId: firmRef(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    event: text("event").notNull(),
    actorUserId: bigint("actor_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    subjectUserId: bigint("subject_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>().notNull(),
  },
  (table) => [
    index("firm_audit_events_firm_id_id_idx").on(table.firmId, table.id),
    index("firm_audit_events_occurred_at_idx").on(table.occurredAt),
  ],
);

/**
 * Memos per member, per client-matter code and per UTC month while in a firm (phase 2): the usage reports and a
 * member's own view by matter. '' is "no matter given". Counted exactly under concurrency, like memo_usage.
 */
export const firmMatterUsage = pgTable(
  "firm_matter_usage",
  {
    firmId: firmRef(),
    userId: userRef(),
    month: text("month").notNull(),
    matter: text("matter").notNull().default(""),
    memoCount: integer("memo_count").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.firmId, table.month, table.userId, table.matter] }),
    index("firm_matter_usage_user_id_idx").on(table.userId),
  ],
);
