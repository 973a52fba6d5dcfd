import { and, eq, gte, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import { KNOWN_DEVICE_DAYS } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import {
  auditEvents,
  docsFeedback,
  emailChangeUndoTokens,
  emailVerificationCodes,
  firmAuditEvents,
  firmInvitations,
  knownDevices,
  mailOutbox,
  passwordResetCodes,
  pendingSignIns,
  rateLimitCounters,
  scheduledJobRuns,
  sessions,
  stripeEvents,
  webauthnChallenges,
} from "../../db/schema/index.ts";
import { addDays } from "../../lib/clock.ts";
import { createHourlyJob, type ScheduledJobContext } from "../../lib/scheduled-job.ts";
import { MAX_SEND_ATTEMPTS } from "../mail/outbox.ts";

/** Any fixed number, the same in every instance. */
const RETENTION_LOCK = 7_202_612;
const RETENTION_JOB = "retention";
/** How long an invitation's row (the invited address) outlives its expiry, so an admin still sees it to resend. */
const FIRM_INVITATION_KEPT_DAYS = 30;
/** What a sent email's body becomes: it held security codes and links, and the row keeps only who, what and when. */
export const REDACTED_EMAIL_BODY = "";

export type RetentionCounts = Record<
  | "sessions"
  | "rateLimitCounters"
  | "passwordResetCodes"
  | "verificationCodes"
  | "emailBodies"
  | "emails"
  | "stripePayloads"
  | "stripeEvents"
  | "auditEvents"
  | "docsFeedback"
  | "knownDevices"
  | "emailChangeUndoTokens"
  | "secondFactorChallenges"
  | "firmAuditEvents"
  | "firmInvitations",
  number
>;

/**
 * Applies the retention table (README, "Retention") once per UTC day, whichever instance gets there first: the
 * day is claimed by a row of scheduled_job_runs, written in the same transaction as the deletions, under an
 * advisory lock so the others do not even try. Returns what was removed, or null when the day was already done.
 */
export async function applyRetention(db: AppDatabase, config: AppConfig, now: Date): Promise<RetentionCounts | null> {
  const days = config.retention;
  const period = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    // node-postgres and PGlite both answer with { rows }.
    const locking = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`);
    if (!(locking as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return null;
    const [done] = await tx
      .select({ period: scheduledJobRuns.period })
      .from(scheduledJobRuns)
      .where(and(eq(scheduledJobRuns.job, RETENTION_JOB), eq(scheduledJobRuns.period, period)));
    if (done) return null;

    const counted = async (query: Promise<unknown[]>) => (await query).length;
    const sessionCutoff = addDays(now, -days.sessions);
    const counts: RetentionCounts = {
      sessions: await counted(
        tx
          .delete(sessions)
          .where(
            or(
              lt(sessions.revokedAt, sessionCutoff),
              lt(sessions.idleExpiresAt, sessionCutoff),
              lt(sessions.absoluteExpiresAt, sessionCutoff),
            ),
          )
          .returning({ id: sessions.id }),
      ),
      rateLimitCounters: await counted(
        tx
          .delete(rateLimitCounters)
          .where(lt(rateLimitCounters.expiresAt, now))
          .returning({ key: rateLimitCounters.key }),
      ),
      passwordResetCodes: await counted(
        tx
          .delete(passwordResetCodes)
          .where(or(isNotNull(passwordResetCodes.usedAt), lt(passwordResetCodes.expiresAt, now)))
          .returning({ id: passwordResetCodes.id }),
      ),
      verificationCodes: await counted(
        tx
          .delete(emailVerificationCodes)
          .where(or(isNotNull(emailVerificationCodes.usedAt), lt(emailVerificationCodes.expiresAt, now)))
          .returning({ id: emailVerificationCodes.id }),
      ),
      // Sent, or given up on, longer ago than the period: a given-up email counts from when it was queued.
      emails: await counted(
        tx
          .delete(mailOutbox)
          .where(
            or(
              lt(mailOutbox.sentAt, addDays(now, -days.mail)),
              and(
                isNull(mailOutbox.sentAt),
                gte(mailOutbox.attempts, MAX_SEND_ATTEMPTS),
                lt(mailOutbox.createdAt, addDays(now, -days.mail)),
              ),
            ),
          )
          .returning({ id: mailOutbox.id }),
      ),
      // What is left of the sent and the given-up keeps who, what and when, but not the codes and links.
      emailBodies: await counted(
        tx
          .update(mailOutbox)
          .set({ textBody: REDACTED_EMAIL_BODY, htmlBody: REDACTED_EMAIL_BODY })
          .where(
            and(
              or(isNotNull(mailOutbox.sentAt), gte(mailOutbox.attempts, MAX_SEND_ATTEMPTS)),
              or(ne(mailOutbox.textBody, ""), ne(mailOutbox.htmlBody, "")),
            ),
          )
          .returning({ id: mailOutbox.id }),
      ),
      // The event's id, type and time stay in their columns: all that replays and ordering need.
      stripePayloads: await counted(
        tx
          .update(stripeEvents)
          .set({ payload: sql`'{}'::jsonb` })
          .where(
            and(
              lt(stripeEvents.receivedAt, addDays(now, -days.stripePayloads)),
              ne(stripeEvents.payload, sql`'{}'::jsonb`),
            ),
          )
          .returning({ id: stripeEvents.eventId }),
      ),
      // Ordering lives on the subscription row (the newest event's time), so only replays needed these rows.
      stripeEvents: await counted(
        tx
          .delete(stripeEvents)
          .where(lt(stripeEvents.receivedAt, addDays(now, -days.stripeEvents)))
          .returning({ id: stripeEvents.eventId }),
      ),
      auditEvents: await counted(
        tx
          .delete(auditEvents)
          .where(lt(auditEvents.occurredAt, addDays(now, -days.auditEvents)))
          .returning({ id: auditEvents.id }),
      ),
      docsFeedback: await counted(
        tx
          .delete(docsFeedback)
          .where(lt(docsFeedback.createdAt, addDays(now, -days.docsFeedback)))
          .returning({ id: docsFeedback.id }),
      ),
      // A browser unseen for a year is forgotten, as its cookie has expired.
      knownDevices: await counted(
        tx
          .delete(knownDevices)
          .where(lt(knownDevices.lastSignInAt, addDays(now, -KNOWN_DEVICE_DAYS)))
          .returning({ tokenHash: knownDevices.tokenHash }),
      ),
      // An undo link used, or past its seven days, undoes nothing any more.
      emailChangeUndoTokens: await counted(
        tx
          .delete(emailChangeUndoTokens)
          .where(or(isNotNull(emailChangeUndoTokens.usedAt), lt(emailChangeUndoTokens.expiresAt, now)))
          .returning({ id: emailChangeUndoTokens.id }),
      ),
      // Passkey challenges never answered and second steps never finished: dead after five minutes.
      secondFactorChallenges:
        (await counted(
          tx
            .delete(webauthnChallenges)
            .where(lt(webauthnChallenges.expiresAt, now))
            .returning({ hash: webauthnChallenges.challengeHash }),
        )) +
        (await counted(
          tx
            .delete(pendingSignIns)
            .where(or(isNotNull(pendingSignIns.usedAt), lt(pendingSignIns.expiresAt, now)))
            .returning({ id: pendingSignIns.id }),
        )),
      // A firm's trail is kept as long as the security log (AUDIT_RETENTION_DAYS).
      firmAuditEvents: await counted(
        tx
          .delete(firmAuditEvents)
          .where(lt(firmAuditEvents.occurredAt, addDays(now, -days.auditEvents)))
          .returning({ id: firmAuditEvents.id }),
      ),
      // An invitation 30 days past its expiry (accepted, withdrawn or never used) opens nothing: its address goes.
      firmInvitations: await counted(
        tx
          .delete(firmInvitations)
          .where(lt(firmInvitations.expiresAt, addDays(now, -FIRM_INVITATION_KEPT_DAYS)))
          .returning({ id: firmInvitations.id }),
      ),
    };
    await tx.insert(scheduledJobRuns).values({ job: RETENTION_JOB, period, ranAt: now, details: counts });
    return counts;
  });
}

export type RetentionJob = ReturnType<typeof createRetentionJob>;

/** Checks every hour while the server listens whether today's retention has run; tests call runOnce(). */
export function createRetentionJob(options: ScheduledJobContext) {
  return createHourlyJob(
    "retention",
    async () => {
      const counts = await applyRetention(options.db, options.config, options.clock());
      if (counts) options.log.info({ removed: counts }, "retention applied");
      return counts;
    },
    options.log,
  );
}
