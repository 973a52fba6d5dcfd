import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns.ts";
import { users } from "./users.ts";

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
