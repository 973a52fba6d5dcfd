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
import { createdAt, userRef } from "./columns.ts";
import { users } from "./users.ts";

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
