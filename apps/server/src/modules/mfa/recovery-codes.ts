import { hash, randomInt } from "node:crypto";
import { SECURITY_CODE_ALPHABET } from "@precis/contract/auth";
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from "@precis/contract/mfa";
import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { recoveryCodes } from "../../db/schema/index.ts";

/**
 * Ten single-use codes for when the authenticator app is lost. Ten characters of a 32-letter alphabet (50
 * bits each) against a rate-limited guess: a salted SHA-256 is enough, and lets a code be found by its hash.
 */

const hashRecoveryCode = (userId: number, code: string) => hash("sha256", `recovery:${userId}:${code}`, "base64url");

/** "abcde fgh23" or "ABCDE-FGH23" → "ABCDEFGH23": people copy codes with their own spacing and case. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, "");

export const isRecoveryCodeShaped = (code: string) =>
  normaliseRecoveryCode(code).length === RECOVERY_CODE_LENGTH &&
  [...normaliseRecoveryCode(code)].every((char) => SECURITY_CODE_ALPHABET.includes(char));

function generateRecoveryCode() {
  let code = "";
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1)
    code += SECURITY_CODE_ALPHABET[randomInt(SECURITY_CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A new set of codes, voiding the earlier set; the codes themselves are returned once and never stored. */
export async function replaceRecoveryCodes(db: AppDatabase, userId: number, now: Date) {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(generateRecoveryCode());
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(
    [...codes].map((code) => ({
      userId,
      codeHash: hashRecoveryCode(userId, normaliseRecoveryCode(code)),
      createdAt: now,
    })),
  );
  return [...codes];
}

/** Spends a recovery code, atomically: true once, false for a code unknown or already used. */
export async function spendRecoveryCode(db: AppDatabase, input: { userId: number; code: string; now: Date }) {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(recoveryCodes.userId, input.userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(input.userId, normaliseRecoveryCode(input.code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

/** Whether `code` is one of the account's current recovery codes, spent already (read after a refusal only). */
export async function isSpentRecoveryCode(db: AppDatabase, input: { userId: number; code: string }) {
  const [row] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.userId, input.userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(input.userId, normaliseRecoveryCode(input.code))),
        isNotNull(recoveryCodes.usedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: AppDatabase, userId: number) {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}
