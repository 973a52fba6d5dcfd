import { bigint, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const userRef = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
