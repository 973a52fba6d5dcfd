import type { MfaStatus } from "@precis/contract/mfa";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { recoveryCodes, totpFactors, type users } from "../../db/schema/index.ts";
import type { AuthDependencies } from "../accounts/dependencies.ts";
import { getAccountUser } from "../accounts/users.ts";
import { recordAuditEvent } from "../audit/service.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import type { SecondFactorChange } from "../mail/account-templates.ts";
import { describeOccurrence } from "../mail/occurrence.ts";
import { listPasskeys, toPasskeyView } from "./passkeys.ts";
import { countUnusedRecoveryCodes, replaceRecoveryCodes } from "./recovery-codes.ts";
import { checkSecondStepCode } from "./second-factor.ts";
import { createTotp, encryptTotpSecret, generateTotpSecret, spendTotpCode } from "./totp.ts";

type AccountUser = typeof users.$inferSelect;

/** Tells the owner, in their language, what changed, when, from what and from where. */
export async function noticeSecondFactorChange(
  db: AppDatabase,
  deps: AuthDependencies,
  user: AccountUser,
  change: SecondFactorChange,
  passkeyName?: string,
) {
  await enqueueAccountEmail(
    db,
    deps.config,
    user,
    "secondFactorChanged",
    {
      change,
      passkeyName,
      occurred: describeOccurrence(deps.origin, deps.now, user.locale),
    },
    deps.now,
  );
}

export async function getMfaStatus(db: AppDatabase, userId: number): Promise<MfaStatus> {
  const [user, [factor], passkeyRows] = await Promise.all([
    getAccountUser(db, userId),
    db
      .select({ enabledAt: totpFactors.enabledAt })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
      .limit(1),
    listPasskeys(db, userId),
  ]);
  return {
    hasPassword: user.passwordHash !== null,
    totp: { isEnabled: Boolean(factor?.enabledAt), enabledAt: factor?.enabledAt?.toISOString() ?? null },
    recoveryCodesLeft: factor ? await countUnusedRecoveryCodes(db, userId) : 0,
    passkeys: passkeyRows.map(toPasskeyView),
  };
}

/** A new secret waiting for its first code; it replaces an earlier setup never confirmed. */
export async function setUpTotp(deps: AuthDependencies, userId: number) {
  const user = await getAccountUser(deps.db, userId);
  const secret = generateTotpSecret();
  const secretCiphertext = encryptTotpSecret(deps.config.mfaEncryptionKey, secret);
  const stored = await deps.db
    .insert(totpFactors)
    .values({ userId, secretCiphertext, createdAt: deps.now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretCiphertext, createdAt: deps.now, lastUsedStep: null },
      // An app already turned on stays as it is: turning it off comes first.
      setWhere: isNull(totpFactors.enabledAt),
    })
    .returning({ userId: totpFactors.userId });
  if (stored.length === 0) return { outcome: "alreadyOn" as const };
  const otpauthUri = createTotp(secret, { issuer: deps.config.client.productName, account: user.email }).toString();
  return { outcome: "started" as const, secret, otpauthUri };
}

/** The first code from the app turns it on, with ten recovery codes to keep, and the owner is told. */
export async function enableTotp(deps: AuthDependencies, userId: number, code: string) {
  const key = deps.config.mfaEncryptionKey;
  if (!(await spendTotpCode(deps.db, key, { userId, code, now: deps.now, pending: true }))) {
    const [pending] = await deps.db
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.enabledAt)))
      .limit(1);
    if (!pending) return { outcome: "noSetup" as const };
    await recordAuditEvent(deps.db, deps.origin, "second_factor_failed", userId, { step: "enable" });
    return { outcome: "wrongCode" as const };
  }
  const user = await getAccountUser(deps.db, userId);
  const codes = await deps.db.transaction(async (tx) => {
    const enabled = await tx
      .update(totpFactors)
      .set({ enabledAt: deps.now })
      .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.enabledAt)))
      .returning({ userId: totpFactors.userId });
    if (enabled.length === 0) return null;
    const fresh = await replaceRecoveryCodes(tx, userId, deps.now);
    await noticeSecondFactorChange(tx, deps, user, "totpOn");
    await recordAuditEvent(tx, deps.origin, "mfa_enabled", userId, { factor: "totp" });
    return fresh;
  });
  return codes ? { outcome: "enabled" as const, recoveryCodes: codes } : { outcome: "noSetup" as const };
}

export type DisableTotpResult = {
  outcome: "disabled" | "notOn" | "badPassword" | "wrongCode" | "usedRecoveryCode" | "locked";
  hasQueuedEmail?: boolean;
};

/**
 * Turns the app off with the password or a code (the app's or a recovery code): either proves the owner is at
 * the keyboard, so no separate confirmation is asked. The secret and the recovery codes are deleted.
 */
export async function disableTotp(
  deps: AuthDependencies,
  userId: number,
  proof: { password: string } | { code: string },
): Promise<DisableTotpResult> {
  const [factor] = await deps.db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
    .limit(1);
  if (!factor) return { outcome: "notOn" };
  const user = await getAccountUser(deps.db, userId);
  if ("password" in proof) {
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, proof.password))) {
      await recordAuditEvent(deps.db, deps.origin, "login_failed", userId, { reason: "badPasswordForMfaOff" });
      return { outcome: "badPassword" };
    }
  } else {
    // A code here is a guess like any other second-step code: it counts in the account's one run (decision 042).
    const checked = await checkSecondStepCode(deps, user, { code: proof.code, place: "session", step: "disable" });
    if (checked.outcome !== "right") return checked;
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await noticeSecondFactorChange(tx, deps, user, "totpOff");
    await recordAuditEvent(tx, deps.origin, "mfa_disabled", userId, { factor: "totp" });
  });
  return { outcome: "disabled" };
}

/** A new set of ten recovery codes; the earlier ones stop working. */
export async function renewRecoveryCodes(deps: AuthDependencies, userId: number) {
  const user = await getAccountUser(deps.db, userId);
  return deps.db.transaction(async (tx) => {
    const [factor] = await tx
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
      .limit(1);
    if (!factor) return { outcome: "notOn" as const };
    const codes = await replaceRecoveryCodes(tx, userId, deps.now);
    await noticeSecondFactorChange(tx, deps, user, "recoveryCodesRenewed");
    await recordAuditEvent(tx, deps.origin, "recovery_codes_renewed", userId);
    return { outcome: "renewed" as const, recoveryCodes: codes };
  });
}
