import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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
