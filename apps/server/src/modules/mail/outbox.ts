import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { AppDatabase } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { addSeconds, type Clock } from "../../lib/clock.ts";
import type { RenderedEmail } from "./render.ts";

/**
 * Queues an email inside the caller's transaction: it exists if and only if the change commits.
 * Due at `now`, the app's clock, which the worker also claims by: the database's own now() differed
 * from it (tests' clocks; a server whose clock lags the database's held mail back).
 */
export async function enqueueEmail(db: AppDatabase, recipient: string, email: RenderedEmail, now: Date) {
  await db.insert(mailOutbox).values({
    recipient,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    createdAt: now,
    nextAttemptAt: now,
  });
}

export type EmailOutcome = "sent" | "failed" | "abandoned";

/** Unsent, its time come, and tries left: what a worker may claim. */
const isDue = (now: Date) =>
  and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now), lt(mailOutbox.attempts, MAX_SEND_ATTEMPTS));

export interface MailTransport {
  send(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
  }): Promise<void>;
}

/** SMTP when configured; otherwise .eml files in DATA_DIR/outbox, so a newcomer can read their reset code. */
export function createMailTransport(options: {
  smtpUrl?: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return { send: async (message) => void (await smtp.sendMail(message)) };
  }
  const folder = path.join(options.dataDir, "outbox");
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (message) => {
      const info = await files.sendMail(message);
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${Date.now()}-${message.messageId.replace(/\W/g, "")}.eml`);
      await writeFile(file, info.message as Buffer);
      // The outbox id (in the message id) and the file, never the address: logs hold no personal data.
      options.log.info({ messageId: message.messageId, file }, "email written to a file (no SMTP_URL)");
    },
  };
}

const BATCH_SIZE = 10;
/** How long a claimed email stays reserved for the worker that claimed it. */
const LEASE_SECONDS = 120;
const MAX_BACKOFF_SECONDS = 3600;
/**
 * Tries before an email is given up: seven quick ones, then hourly, about a day in all. A code or link in it has
 * long expired by then, and a mail server refusing an address for a day will not take it on the thirtieth hour.
 * A given-up email stays unsent (attempts at the limit) until retention deletes it; metrics count it.
 */
export const MAX_SEND_ATTEMPTS = 30;

/**
 * Sends queued emails. Each batch is claimed with FOR UPDATE SKIP LOCKED and a lease, so several
 * instances never send the same email twice while all of them are up, and an email whose sender
 * died is retried once its lease ends. Failures back off exponentially, up to an hour, for MAX_SEND_ATTEMPTS tries.
 */
export function createMailWorker(options: {
  db: AppDatabase;
  transport: MailTransport;
  from: string;
  clock: Clock;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
  /** Told of each attempt's outcome, for the metrics. */
  onOutcome?: (outcome: EmailOutcome) => void;
}) {
  const { db, transport, clock, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = true;

  async function claimBatch() {
    const now = clock();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(isDue(now))
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ nextAttemptAt: addSeconds(now, LEASE_SECONDS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** Sends everything due now; resolves with how many emails went out. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimBatch();
      if (batch.length === 0) return sent;
      for (const email of batch) {
        try {
          await transport.send({
            from: options.from,
            to: email.recipient,
            subject: email.subject,
            text: email.textBody,
            html: email.htmlBody,
            messageId: `<outbox-${email.id}@precis>`,
          });
          await db.update(mailOutbox).set({ sentAt: clock(), lastError: null }).where(eq(mailOutbox.id, email.id));
          sent += 1;
          options.onOutcome?.("sent");
        } catch (error) {
          const backoff = Math.min(MAX_BACKOFF_SECONDS, 5 * 2 ** Math.min(email.attempts, 12));
          const isGivenUp = email.attempts >= MAX_SEND_ATTEMPTS;
          const message = error instanceof Error ? error.message : String(error);
          // An SMTP refusal often quotes the address: it stays in the row, and leaves the log without it.
          const loggedMessage = message.replace(/[^\s<>"']+@[^\s<>"']+/g, "[address]");
          log.warn(
            { emailId: email.id, attempts: email.attempts, err: loggedMessage },
            isGivenUp ? "email not sent; given up" : "email not sent; will retry",
          );
          options.onOutcome?.(isGivenUp ? "abandoned" : "failed");
          await db
            .update(mailOutbox)
            .set({ nextAttemptAt: addSeconds(clock(), backoff), lastError: message.slice(0, 500) })
            .where(eq(mailOutbox.id, email.id));
        }
      }
    }
  }

  /** Runs one pass unless one is already running (then waits for it). */
  function runOnce() {
    running ??= sendDue()
      .catch((error) => {
        log.error({ err: error }, "the mail worker failed a pass");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule() {
    if (isStopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, options.pollIntervalMs ?? 2_000);
    timer.unref();
  }

  return {
    start() {
      isStopped = false;
      schedule();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
    /** Sends now instead of at the next poll, e.g. right after a request queued an email. */
    nudge() {
      if (!isStopped) void runOnce();
    },
    /** For tests: one full pass, awaited. */
    runOnce,
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
