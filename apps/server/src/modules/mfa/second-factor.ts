import { randomBytes } from "node:crypto";
import { UNLOCK_SECOND_STEP_PATH } from "@precis/contract/mfa";
import { and, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { pendingSignIns, totpFactors } from "../../db/schema/index.ts";
import { addDays, addSeconds } from "../../lib/clock.ts";
import { MAX_CODE_ATTEMPTS } from "../../lib/security-codes.ts";
import type { AuthDependencies } from "../accounts/dependencies.ts";
import { recordAuditEvent } from "../audit/service.ts";
import { type EmailedAccount, enqueueAccountEmail } from "../mail/account-email.ts";
import type { SecondStepPlace } from "../mail/account-templates.ts";
import { describeOccurrence } from "../mail/occurrence.ts";
import { clearRunningCount, countRunning, hitRateLimit } from "../rate-limit/service.ts";
import { hashSecret } from "../sessions/service.ts";
import { isRecoveryCodeShaped, isSpentRecoveryCode, spendRecoveryCode } from "./recovery-codes.ts";
import { spendTotpCode } from "./totp.ts";

/** How long the second step of a password sign-in may wait for its code. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

export async function hasTotpEnabled(db: AppDatabase, userId: number) {
  const [factor] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
    .limit(1);
  return Boolean(factor);
}

/**
 * Checks the app's code or a recovery code (told apart by their shape) and spends it. Which kind passed, or
 * null: a wrong code, a code already used, or an account without the app.
 */
async function spendSecondFactorCode(
  db: AppDatabase,
  key: Buffer,
  input: { userId: number; code: string; now: Date },
): Promise<"totp" | "recoveryCode" | null> {
  const digits = input.code.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) {
    return (await spendTotpCode(db, key, { ...input, code: digits })) ? "totp" : null;
  }
  if (!isRecoveryCodeShaped(input.code) || !(await hasTotpEnabled(db, input.userId))) return null;
  return (await spendRecoveryCode(db, input)) ? "recoveryCode" : null;
}

/**
 * Why spendSecondFactorCode refused a code, as the person is told (issue 43): one of the account's recovery codes
 * that was spent before, or any other wrong code. Saying "already used" reveals nothing a guesser could use:
 * every caller has passed the password (the second step's token) or holds a signed-in session, a used code
 * counts against every limit exactly as a wrong one does, and a recovery code (50 bits) is never hit by
 * chance: only someone holding the sheet of codes meets this answer, and learns only that the owner spent it.
 */
async function describeRefusedCode(
  db: AppDatabase,
  input: { userId: number; code: string },
): Promise<"wrongCode" | "usedRecoveryCode"> {
  if (!isRecoveryCodeShaped(input.code)) return "wrongCode";
  return (await isSpentRecoveryCode(db, input)) ? "usedRecoveryCode" : "wrongCode";
}

/** After the right password of an account with the app on: a token for the second step, not a session. */
export async function startPendingSignIn(db: AppDatabase, userId: number, now: Date) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(pendingSignIns).values({
    tokenHash: hashSecret(token),
    userId,
    createdAt: now,
    expiresAt: addSeconds(now, PENDING_SIGN_IN_SECONDS),
  });
  return token;
}

/** The account a second-step token stands for, while it is unused, unexpired and under its wrong-code limit. */
export async function findPendingSignIn(db: AppDatabase, token: string, now: Date) {
  const [pending] = await db
    .select()
    .from(pendingSignIns)
    .where(
      and(
        eq(pendingSignIns.tokenHash, hashSecret(token)),
        isNull(pendingSignIns.usedAt),
        gt(pendingSignIns.expiresAt, now),
        lt(pendingSignIns.failedAttempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .limit(1);
  return pending ?? null;
}

export async function countPendingSignInFailure(db: AppDatabase, pendingId: number) {
  await db
    .update(pendingSignIns)
    .set({ failedAttempts: sql`${pendingSignIns.failedAttempts} + 1` })
    .where(eq(pendingSignIns.id, pendingId));
}

/** Uses the token up, atomically: of two second steps racing with one token, one opens a session. */
export async function completePendingSignIn(db: AppDatabase, pendingId: number, now: Date) {
  const claimed = await db
    .update(pendingSignIns)
    .set({ usedAt: now })
    .where(and(eq(pendingSignIns.id, pendingId), isNull(pendingSignIns.usedAt)))
    .returning({ id: pendingSignIns.id });
  return claimed.length === 1;
}

/**
 * Wrong second-step codes in a row, per account (issue 42, finding 4; issue 53, finding 6): one run wherever a code is
 * typed (the sign-in's second step, the step-up, turning the app off), across every token, session, browser, client
 * and window, so no new token, window or stolen session gives a guesser new tries. At this many the second step is
 * locked; ~20 guesses at a 6-digit code leave a 1-in-50,000 chance, once (decision 042).
 */
export const SECOND_STEP_LOCK_FAILURES = 20;
/** A run of wrong codes is forgotten this long after its last one (each try moves it on: sliding, not fixed). */
const SECOND_STEP_RUN_SECONDS = 30 * 86_400;
/** The owner is told of a wrong code at most once in this period for each place codes are typed. */
const SECOND_STEP_ALERT_SECONDS = 86_400;
/** How long the emailed link that unlocks a locked second step works; after it, a password reset still does. */
export const SECOND_STEP_UNLOCK_DAYS = 7;

const runKey = (userId: number) => `second-step:run:${userId}`;

export type SecondStepCheck =
  | { outcome: "right"; kind: "totp" | "recoveryCode" }
  | { outcome: "wrongCode" | "usedRecoveryCode" | "locked"; hasQueuedEmail: boolean };

/**
 * Checks a second-step code typed for `user` wherever it was typed, against the account's one run of wrong codes.
 * A locked step checks no code. Each try is counted before its code is compared, so racing tries cannot overshoot
 * the lock; a right code ends the run. The owner is emailed of a run's first wrong code (at most once a day for
 * each place) and of the lock, whose email carries the link that unlocks it. `step` names the place in the audit.
 */
export async function checkSecondStepCode(
  deps: Pick<AuthDependencies, "db" | "config" | "now" | "origin">,
  user: EmailedAccount & { id: number },
  input: { code: string; place: SecondStepPlace; step: string },
): Promise<SecondStepCheck> {
  const { db, now } = deps;
  const place = (await isSecondStepLocked(db, user.id))
    ? SECOND_STEP_LOCK_FAILURES + 1
    : await countRunning(db, runKey(user.id), now, addSeconds(now, SECOND_STEP_RUN_SECONDS));
  if (place > SECOND_STEP_LOCK_FAILURES) {
    await recordAuditEvent(db, deps.origin, "locked", user.id, { key: "second-step" });
    return { outcome: "locked", hasQueuedEmail: false };
  }
  const kind = await spendSecondFactorCode(db, deps.config.mfaEncryptionKey, {
    userId: user.id,
    code: input.code,
    now,
  });
  if (kind) {
    await clearRunningCount(db, runKey(user.id));
    return { outcome: "right", kind };
  }
  await recordAuditEvent(db, deps.origin, "second_factor_failed", user.id, { step: input.step });
  if (place === SECOND_STEP_LOCK_FAILURES) {
    await lockSecondStep(deps, user, input.place);
    return { outcome: "locked", hasQueuedEmail: true };
  }
  // Whoever typed it knew the password or holds a session: the owner hears of it at once, not after the fact.
  const shouldTell = place === 1 && (await mayAlertSecondStepFailure(db, user.id, input.place, now));
  if (shouldTell) {
    await enqueueAccountEmail(
      db,
      deps.config,
      user,
      "secondStepFailed",
      { place: input.place, occurred: describeOccurrence(deps.origin, now, user.locale) },
      now,
    );
  }
  return { outcome: await describeRefusedCode(db, { userId: user.id, code: input.code }), hasQueuedEmail: shouldTell };
}

async function isSecondStepLocked(db: AppDatabase, userId: number) {
  const [factor] = await db
    .select({ lockedAt: totpFactors.lockedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .limit(1);
  return Boolean(factor?.lockedAt);
}

/**
 * Locks the second step and emails the owner the link that unlocks it, in one transaction: the lock is a flag on
 * the app's row, not the run's count, so it holds until the owner proves the address however long that takes.
 * The link's token is 256 random bits; only its SHA-256 is kept.
 */
async function lockSecondStep(
  deps: Pick<AuthDependencies, "db" | "config" | "now" | "origin">,
  user: EmailedAccount & { id: number },
  place: SecondStepPlace,
) {
  const token = randomBytes(32).toString("base64url");
  const link = new URL(UNLOCK_SECOND_STEP_PATH, deps.config.publicUrl);
  link.search = new URLSearchParams({ token }).toString();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(totpFactors)
      .set({ lockedAt: deps.now, unlockTokenHash: hashSecret(token) })
      .where(eq(totpFactors.userId, user.id));
    await enqueueAccountEmail(
      tx,
      deps.config,
      user,
      "secondStepLocked",
      {
        place,
        unlockLink: link.toString(),
        validDays: SECOND_STEP_UNLOCK_DAYS,
        occurred: describeOccurrence(deps.origin, deps.now, user.locale),
      },
      deps.now,
    );
  });
}

/**
 * Lifts the lock and forgets the run: the owner proved the address (the unlock link, or a password reset by an
 * emailed code). Nothing to do on an account that is not locked.
 */
export async function clearSecondStepLock(db: AppDatabase, userId: number) {
  await db.update(totpFactors).set({ lockedAt: null, unlockTokenHash: null }).where(eq(totpFactors.userId, userId));
  await clearRunningCount(db, runKey(userId));
}

/**
 * The unlock link's answer: the account whose lock its token holds, while the link is within its days, unlocked
 * at once (one statement, so two clicks unlock once); or null for a link unknown, used or expired.
 */
export async function unlockSecondStep(deps: Pick<AuthDependencies, "db" | "now" | "origin">, token: string) {
  return deps.db.transaction(async (tx) => {
    const [unlocked] = await tx
      .update(totpFactors)
      .set({ lockedAt: null, unlockTokenHash: null })
      .where(
        and(
          eq(totpFactors.unlockTokenHash, hashSecret(token)),
          gt(totpFactors.lockedAt, addDays(deps.now, -SECOND_STEP_UNLOCK_DAYS)),
        ),
      )
      .returning({ userId: totpFactors.userId });
    if (!unlocked) return { outcome: "invalidLink" as const };
    await clearRunningCount(tx, runKey(unlocked.userId));
    await recordAuditEvent(tx, deps.origin, "second_step_unlocked", unlocked.userId);
    return { outcome: "unlocked" as const };
  });
}

/** True at most once per SECOND_STEP_ALERT_SECONDS per account and place: whether to email the owner of a wrong code. */
async function mayAlertSecondStepFailure(db: AppDatabase, userId: number, place: SecondStepPlace, now: Date) {
  const verdict = await hitRateLimit(
    db,
    `second-step:alert:${userId}:${place}`,
    { limit: 1, windowSeconds: SECOND_STEP_ALERT_SECONDS },
    now,
  );
  return verdict.isAllowed;
}
