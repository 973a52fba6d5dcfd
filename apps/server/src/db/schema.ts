import { occupations } from "@precis/contract/profile";
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** One row per account. Emails are stored lower-cased; usernames are unique whatever their case. */
export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    organization: text("organization").notNull().default(""),
    areaOfLaw: text("area_of_law").notNull().default(""),
    occupation: text("occupation", { enum: occupations }).notNull().default("lawyer"),
    topicsOfInterest: text("topics_of_interest").array().notNull().default(sql`'{}'::text[]`),
    isInternal: boolean("is_internal").notNull().default(false),
    locale: text("locale", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email),
    uniqueIndex("users_username_lower_key").on(sql`lower(${table.username})`),
    check("users_email_is_lowercase", sql`${table.email} = lower(${table.email})`),
    check("users_occupation_known", sql`${table.occupation} in ('lawyer', 'law student', 'law faculty', 'other')`),
  ],
);
