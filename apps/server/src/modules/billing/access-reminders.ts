import { formatAccessEndDate } from "@precis/contract/account-texts";
import { STUDENT_FREE_YEARS, TRIAL_DAYS } from "@precis/contract/subscription";
import { and, gt, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { accessReminders, users } from "../../db/schema/index.ts";
import { addDays } from "../../lib/clock.ts";
import { createHourlyJob, type ScheduledJobContext } from "../../lib/scheduled-job.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { getEntitlement } from "./service.ts";

/** Reminders go out this many days before a free access ends, the nearer one last. */
export const REMINDER_DAYS_BEFORE = [7, 1] as const;
const DAY_MS = 86_400_000;
/** Any fixed number, the same in every instance: only one of them looks for due reminders at a time. */
const ACCESS_REMINDERS_LOCK = 7_202_611;

/**
 * Queues the reminders that are due: 7 days and 1 day before a trial or student access ends, each once.
 * One transaction under an advisory lock, so of several instances one does the work; and each reminder is a
 * row whose primary key lets it be written once, so even two runs that overlapped would send it once. The
 * email joins the outbox in the same transaction as its row. Returns how many emails were queued.
 */
export async function queueDueAccessReminders(db: AppDatabase, config: AppConfig, now: Date) {
  return db.transaction(async (tx) => {
    // node-postgres and PGlite both answer with { rows }.
    const locking = await tx.execute(sql`select pg_try_advisory_xact_lock(${ACCESS_REMINDERS_LOCK}) as locked`);
    const [lock] = (locking as unknown as { rows: { locked: boolean }[] }).rows;
    if (!lock?.locked) return 0;

    // A generous window in SQL; the exact end date comes from the same rules the API answers with.
    const horizon = addDays(now, Math.max(...REMINDER_DAYS_BEFORE) + 1);
    const trialHorizon = addDays(horizon, -TRIAL_DAYS);
    const studentHorizon = new Date(horizon);
    studentHorizon.setUTCFullYear(studentHorizon.getUTCFullYear() - STUDENT_FREE_YEARS);
    const candidates = await tx
      .select()
      .from(users)
      .where(
        or(
          and(
            isNotNull(users.trialStartedAt),
            lte(users.trialStartedAt, trialHorizon),
            gt(users.trialStartedAt, addDays(now, -TRIAL_DAYS - 1)),
          ),
          and(
            inArray(users.occupation, ["law student", "law faculty"]),
            lte(users.createdAt, studentHorizon),
            gt(users.createdAt, addDays(studentHorizon, -Math.max(...REMINDER_DAYS_BEFORE) - 2)),
          ),
        ),
      );

    let queued = 0;
    for (const user of candidates) {
      const entitlement = await getEntitlement(tx, config, user.id, now);
      const { access } = entitlement;
      if ((access !== "trial" && access !== "student") || !entitlement.endsAt) continue;
      const endsAt = new Date(entitlement.endsAt);
      const daysLeft = Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS);
      const due = REMINDER_DAYS_BEFORE.filter((days) => daysLeft <= days);
      if (due.length === 0) continue;
      // A reminder whose day passed unsent (the server was down) is recorded with the nearer one, not sent late.
      const recorded = await tx
        .insert(accessReminders)
        .values(due.map((daysBefore) => ({ userId: user.id, access, endsAt, daysBefore, sentAt: now })))
        .onConflictDoNothing()
        .returning({ daysBefore: accessReminders.daysBefore });
      if (!recorded.some((row) => row.daysBefore === Math.min(...due))) continue;
      await enqueueAccountEmail(
        tx,
        config,
        user,
        "accessEnding",
        {
          access,
          daysLeft,
          endsOn: formatAccessEndDate(entitlement.endsAt, user.locale),
        },
        now,
      );
      queued += 1;
    }
    return queued;
  });
}

export type AccessReminderJob = ReturnType<typeof createAccessReminderJob>;

/** Queues due reminders every hour while the server listens; tests call runOnce() with their clock. */
export function createAccessReminderJob(options: ScheduledJobContext & { onQueued: () => void }) {
  return createHourlyJob(
    "access reminders",
    async () => {
      const queued = await queueDueAccessReminders(options.db, options.config, options.clock());
      if (queued > 0) options.onQueued();
      return queued;
    },
    options.log,
  );
}
