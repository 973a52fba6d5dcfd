import { randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { pendingSignIns, totpFactors } from "../../db/schema.ts";
import { addSeconds } from "../../lib/clock.ts";
import { MAX_CODE_ATTEMPTS } from "../../lib/security-codes.ts";
import { pseudonymOf } from "../rate-limit/keys.ts";
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
export async function spendSecondFactorCode(
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
export async function describeRefusedCode(
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
 * Wrong second-step codes in a row, per account (issue 42, finding 4): counted across every token, client and
 * window, so neither a new token nor a new window gives a guesser new tries. At this many the second step of a
 * password sign-in is locked; ~20 guesses at a 6-digit code leave a 1-in-50,000 chance, once.
 */
export const SECOND_STEP_LOCK_FAILURES = 20;
/** A run of wrong codes is forgotten this long after its last one (each try moves it on: sliding, not fixed). */
const SECOND_STEP_RUN_SECONDS = 30 * 86_400;
/** The owner is told of a wrong code after the right password at most once in this period. */
export const SECOND_STEP_ALERT_SECONDS = 86_400;

/**
 * The run is kept under the account and its current password: only someone who knows that password can add to
 * it, and a new password (which takes a code emailed to the owner, or the owner's signed-in session) starts a
 * new run. That is the lock's way out for the owner (decision 023: no lockout the owner cannot undo), without
 * a flag to clear by hand. A passkey sign-in never meets the lock. As decision 023 has it for passwords, a
 * browser that signed in to the account before runs apart from everyone else (`device`, its cookie's hash): a
 * stranger's wrong codes do not lock the owner's own browser, which has its own run and lock.
 */
export interface SecondStepRunner {
  id: number;
  passwordHash: string | null;
  device: string | null;
}
const runKey = (config: Pick<AppConfig, "mfaEncryptionKey">, runner: SecondStepRunner) =>
  `second-step:run:${runner.id}:${pseudonymOf(config, `${runner.passwordHash ?? ""}|${runner.device ?? "others"}`)}`;

/**
 * Counts one try at the second step before its code is compared (so racing tries cannot overshoot the lock) and
 * returns its place in the run: above SECOND_STEP_LOCK_FAILURES the step is locked, whatever the code.
 */
export function countSecondStepTry(
  db: AppDatabase,
  config: Pick<AppConfig, "mfaEncryptionKey">,
  runner: SecondStepRunner,
  now: Date,
) {
  return countRunning(db, runKey(config, runner), now, addSeconds(now, SECOND_STEP_RUN_SECONDS));
}

/** A right code ends the run. */
export function endSecondStepRun(
  db: AppDatabase,
  config: Pick<AppConfig, "mfaEncryptionKey">,
  runner: SecondStepRunner,
) {
  return clearRunningCount(db, runKey(config, runner));
}

/** True at most once per SECOND_STEP_ALERT_SECONDS per account: whether to email the owner of a wrong code. */
export async function mayAlertSecondStepFailure(db: AppDatabase, userId: number, now: Date) {
  const verdict = await hitRateLimit(
    db,
    `second-step:alert:${userId}`,
    { limit: 1, windowSeconds: SECOND_STEP_ALERT_SECONDS },
    now,
  );
  return verdict.isAllowed;
}
