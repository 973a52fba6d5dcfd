import { VERIFY_EMAIL_PATH } from "@precis/contract/verification";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { emailVerificationCodes, users } from "../../db/schema.ts";
import { addSeconds } from "../../lib/clock.ts";
import { getViolatedUniqueConstraint } from "../../lib/database-errors.ts";
import { generateSecurityCode, hashSecurityCode } from "../../lib/security-codes.ts";
import type { AuthDependencies } from "../accounts/dependencies.ts";
import { recordAuditEvent } from "../audit/service.ts";
import { describeOccurrence } from "../mail/occurrence.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { emailContextOf, greetingNameOf, renderEmail } from "../mail/templates.ts";
import { spendCodeGuess } from "../rate-limit/code-budget.ts";
import { claimTrial } from "./trial-ledger.ts";

type AccountUser = typeof users.$inferSelect;

/**
 * Issues a code that proves `email` for this account (voiding the account's earlier codes: only the newest is
 * valid) and queues the email that carries it and its link, in the caller's transaction.
 */
export async function sendVerificationCode(
  tx: AppDatabase,
  deps: Pick<AuthDependencies, "config" | "now">,
  user: Pick<AccountUser, "id" | "email" | "firstName" | "username" | "locale">,
  email: string,
) {
  const code = generateSecurityCode();
  const validMinutes = deps.config.resetCodeTtlMinutes;
  await tx
    .update(emailVerificationCodes)
    .set({ expiresAt: deps.now })
    .where(and(eq(emailVerificationCodes.userId, user.id), gt(emailVerificationCodes.expiresAt, deps.now)));
  await tx.insert(emailVerificationCodes).values({
    userId: user.id,
    email,
    codeHash: hashSecurityCode(user.id, code),
    createdAt: deps.now,
    expiresAt: addSeconds(deps.now, validMinutes * 60),
  });
  const link = new URL(VERIFY_EMAIL_PATH, deps.config.publicUrl);
  link.search = new URLSearchParams({ email, code }).toString();
  await enqueueEmail(
    tx,
    email,
    renderEmail("verifyEmail", user.locale, emailContextOf(deps.config), {
      name: greetingNameOf(user),
      code,
      link: link.toString(),
      validMinutes,
      isNewAddress: email !== user.email,
    }),
    deps.now,
  );
}

export type ResendResult = { outcome: "sent"; email: string } | { outcome: "alreadyVerified" | "emailExists" };

/**
 * A new code for the account's own address, or for another address it wants to move to (a school address,
 * for student access). An address another account uses is refused, as registration refuses it.
 */
export async function resendVerificationCode(
  deps: AuthDependencies,
  userId: number,
  requestedEmail: string | undefined,
): Promise<ResendResult> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} of a live session does not exist`);
  const email = requestedEmail ?? user.email;
  if (email === user.email && user.emailVerifiedAt) return { outcome: "alreadyVerified" };
  if (email !== user.email && (await isEmailTakenByAnother(deps.db, email, userId))) return { outcome: "emailExists" };
  await deps.db.transaction(async (tx) => {
    await sendVerificationCode(tx, deps, user, email);
    await recordAuditEvent(tx, deps.origin, "verification_sent", userId, { isNewAddress: email !== user.email });
  });
  return { outcome: "sent", email };
}

async function isEmailTakenByAnother(db: AppDatabase, email: string, userId: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return taken !== undefined;
}

export type VerifyResult =
  | { outcome: "verified"; userId: number; email: string }
  | { outcome: "invalidCode" | "emailExists" };

/**
 * Checks a code: the newest live one of the signed-in account, or, from the emailed link, the newest live one
 * sent to that address. A wrong code counts against the client that tried it (five end its tries), never
 * against the code. A right one verifies the address in one transaction with all that follows: the move to it
 * when it is not the account's yet (the old address is told), and the trial's start when the address never had
 * one.
 */
export async function verifyEmailCode(
  deps: AuthDependencies,
  input: { code: string; userId?: number; email?: string },
): Promise<VerifyResult> {
  const target = input.email
    ? eq(emailVerificationCodes.email, input.email)
    : eq(emailVerificationCodes.userId, input.userId ?? -1);
  const [newest] = await deps.db
    .select()
    .from(emailVerificationCodes)
    .where(and(target, isNull(emailVerificationCodes.usedAt), gt(emailVerificationCodes.expiresAt, deps.now)))
    .orderBy(desc(emailVerificationCodes.id))
    .limit(1);
  const presented = input.code.trim().toUpperCase();
  // A wrong try ends this client's chances at the code, never the code itself: a session of the code's own
  // account is its owner's, and strangers trying the link's address share a bound (rate-limit/code-budget.ts).
  const mayTry =
    newest !== undefined &&
    (await spendCodeGuess(
      deps.db,
      deps.config,
      { kind: "verify", codeId: newest.id, userId: newest.userId, expiresAt: newest.expiresAt },
      { address: deps.origin.ipAddress, isRequester: input.userId === newest.userId },
      deps.now,
    ));
  if (!newest || !mayTry || newest.codeHash !== hashSecurityCode(newest.userId, presented)) {
    await recordAuditEvent(deps.db, deps.origin, "verification_failed", newest?.userId ?? input.userId ?? null);
    return { outcome: "invalidCode" };
  }
  if (await isEmailTakenByAnother(deps.db, newest.email, newest.userId)) return { outcome: "emailExists" };

  try {
    return await deps.db.transaction(async (tx) => {
      // Claim the code atomically: of two checks racing with one code, only one wins.
      const claimed = await tx
        .update(emailVerificationCodes)
        .set({ usedAt: deps.now })
        .where(and(eq(emailVerificationCodes.id, newest.id), isNull(emailVerificationCodes.usedAt)))
        .returning({ id: emailVerificationCodes.id });
      if (claimed.length === 0) return { outcome: "invalidCode" as const };
      const [before] = await tx.select().from(users).where(eq(users.id, newest.userId)).for("update");
      if (!before) return { outcome: "invalidCode" as const };
      await markEmailVerified(tx, deps, before, newest.email);
      if (before.email !== newest.email) {
        await enqueueEmail(
          tx,
          before.email,
          renderEmail("emailChanged", before.locale, emailContextOf(deps.config), {
            name: greetingNameOf(before),
            newEmail: newest.email,
            occurred: describeOccurrence(deps.origin, deps.now, before.locale),
          }),
          deps.now,
        );
        await recordAuditEvent(tx, deps.origin, "email_changed", before.id, { method: "code" });
      }
      await recordAuditEvent(tx, deps.origin, "email_verified", before.id, { method: "code" });
      return { outcome: "verified" as const, userId: before.id, email: newest.email };
    });
  } catch (error) {
    // Another account took the address between the check above and this change.
    if (getViolatedUniqueConstraint(error) === "users_email_key") return { outcome: "emailExists" };
    throw error;
  }
}

/**
 * Records, in the caller's transaction, that the account owns `email` now (moving it there if need be): the
 * address joins the trial ledger, and the trial starts when this is the address's first and the account has
 * had none. Every way an address gets proven comes through here: a code, or a Google or Microsoft sign-in.
 */
export async function markEmailVerified(
  tx: AppDatabase,
  deps: Pick<AuthDependencies, "now">,
  user: Pick<AccountUser, "id" | "trialStartedAt">,
  email: string,
) {
  const isFirstTrial = await claimTrial(tx, email, deps.now);
  await tx
    .update(users)
    .set({
      email,
      emailVerifiedAt: deps.now,
      updatedAt: deps.now,
      ...(isFirstTrial && !user.trialStartedAt ? { trialStartedAt: deps.now } : {}),
    })
    .where(eq(users.id, user.id));
  // Codes sent before are for an address this account has now proven or left behind.
  await tx
    .update(emailVerificationCodes)
    .set({ expiresAt: deps.now })
    .where(and(eq(emailVerificationCodes.userId, user.id), gt(emailVerificationCodes.expiresAt, deps.now)));
}
