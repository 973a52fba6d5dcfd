import { randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { pendingSignIns, totpFactors } from "../../db/schema.ts";
import { addSeconds } from "../../lib/clock.ts";
import { MAX_CODE_ATTEMPTS } from "../../lib/security-codes.ts";
import { hashSecret } from "../sessions/service.ts";
import { isRecoveryCodeShaped, spendRecoveryCode } from "./recovery-codes.ts";
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
