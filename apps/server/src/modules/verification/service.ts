import { randomBytes } from "node:crypto";
import type { Language } from "@precis/contract/auth";
import { VERIFY_EMAIL_PATH } from "@precis/contract/verification";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { emailChangeUndoTokens, emailVerificationCodes, users } from "../../db/schema/index.ts";
import { addSeconds } from "../../lib/clock.ts";
import { getViolatedUniqueConstraint } from "../../lib/database-errors.ts";
import { generateSecurityCode, hashSecurityCode } from "../../lib/security-codes.ts";
import { clearUnprovenAccount } from "../accounts/claim.ts";
import type { AuthDependencies } from "../accounts/dependencies.ts";
import { recordAuditEvent } from "../audit/service.ts";
import { joinFirmByVerifiedDomain } from "../firms/domain-join.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { emailContextOf, greetingNameOf, renderEmail } from "../mail/render.ts";
import { isCodeGuessRight } from "../rate-limit/code-budget.ts";
import { hashSecret } from "../sessions/service.ts";
import { sendEmailChangeUndoLink } from "./email-change-undo.ts";
import { claimTrial } from "./trial-ledger.ts";

type AccountUser = typeof users.$inferSelect;

/**
 * Issues a code that proves `email` for this account (voiding the account's earlier codes: only the newest is
 * valid) and queues the email that carries it and its link, in the caller's transaction. The code is typed in a
 * signed-in page; the link carries a long random token instead, so it needs no session and no guess budget. A code to another
 * address records the session that asked (`askingSessionId`): only that session can complete the move. The email
 * is in `language`, the one of the page that asked for it (decision 047), by default the account's.
 */
export async function sendVerificationCode(
  tx: AppDatabase,
  deps: Pick<AuthDependencies, "config" | "now">,
  user: Pick<AccountUser, "id" | "email" | "firstName" | "username" | "locale">,
  email: string,
  { askingSessionId, language = user.locale }: { askingSessionId?: number; language?: Language | undefined } = {},
) {
  const code = generateSecurityCode();
  // The link carries a token of its own, too long to guess, never the code (issue 53, finding 8).
  const linkToken = randomBytes(32).toString("base64url");
  const validMinutes = deps.config.resetCodeTtlMinutes;
  await tx
    .update(emailVerificationCodes)
    .set({ expiresAt: deps.now })
    .where(and(eq(emailVerificationCodes.userId, user.id), gt(emailVerificationCodes.expiresAt, deps.now)));
  await tx.insert(emailVerificationCodes).values({
    userId: user.id,
    email,
    codeHash: hashSecurityCode(user.id, code),
    linkTokenHash: hashSecret(linkToken),
    createdAt: deps.now,
    expiresAt: addSeconds(deps.now, validMinutes * 60),
    sessionId: askingSessionId ?? null,
  });
  const link = new URL(VERIFY_EMAIL_PATH, deps.config.publicUrl);
  link.search = new URLSearchParams({ token: linkToken }).toString();
  await enqueueEmail(
    tx,
    email,
    renderEmail("verifyEmail", language, emailContextOf(deps.config), {
      name: greetingNameOf(user),
      code,
      link: link.toString(),
      validMinutes,
      isNewAddress: email !== user.email,
    }),
    deps.now,
  );
}

export type ResendResult =
  | { outcome: "sent"; email: string }
  | { outcome: "alreadyVerified" | "reauthenticationRequired" };

/**
 * A new code for the account's own address, or for another address it wants to move to (a school address,
 * for student access). Moving needs a recent proof of identity (decision 035): a stolen old session cannot
 * send the address away. An address another account uses gets no code, only a notice to its owner, and the
 * asker hears the same "sent" as for a free address: this call must not tell who is registered (issue 42,
 * finding 11).
 */
export async function resendVerificationCode(
  deps: AuthDependencies,
  asker: { userId: number; sessionId: number; isRecentlyAuthenticated: boolean; language: Language | undefined },
  requestedEmail: string | undefined,
): Promise<ResendResult> {
  const { userId } = asker;
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} of a live session does not exist`);
  const email = requestedEmail ?? user.email;
  const isNewAddress = email !== user.email;
  if (!isNewAddress && user.emailVerifiedAt) return { outcome: "alreadyVerified" };
  if (isNewAddress && !asker.isRecentlyAuthenticated) return { outcome: "reauthenticationRequired" };
  const holder = isNewAddress ? await findOtherHolder(deps.db, email, userId) : undefined;
  await deps.db.transaction(async (tx) => {
    if (holder) {
      // Nothing moves. The address's owner hears that someone tried, with no code and no link to follow.
      await enqueueEmail(
        tx,
        holder.email,
        renderEmail("emailClaimRefused", holder.locale, emailContextOf(deps.config), { name: greetingNameOf(holder) }),
        deps.now,
      );
      await recordAuditEvent(tx, deps.origin, "verification_sent", userId, { isNewAddress, isAddressTaken: true });
      return;
    }
    await sendVerificationCode(tx, deps, user, email, {
      askingSessionId: isNewAddress ? asker.sessionId : undefined,
      language: asker.language,
    });
    await recordAuditEvent(tx, deps.origin, "verification_sent", userId, { isNewAddress });
  });
  return { outcome: "sent", email };
}

async function findOtherHolder(db: AppDatabase, email: string, userId: number) {
  const [holder] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return holder;
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
  | { outcome: "invalidCode" | "emailExists" | "otherSession" | "reauthenticationRequired" };

/**
 * Checks a code typed by the signed-in account (its newest live one), or the token of the emailed link (the
 * live code it was mailed with). A wrong code counts against the client that tried it (five end its tries),
 * never against the code. The link's token is 256 random bits, so it has no guess budget to spend: no number of
 * wrong codes, typed or guessed, blocks the link (issue 53, finding 8). A right one verifies the address in one
 * transaction with all that follows: the move to it when it is not the account's yet (the old address is told,
 * with a link that undoes it), and the trial's start when the address never had one.
 *
 * A move completes only in the session that asked for it, and only with a recent proof of identity there
 * (issue 42): a code or link used anywhere else moves nothing, so a link an account mailed to a stranger (the
 * "trojan move") cannot hand the stranger's address to that account. The code stays valid for its asker.
 */
export async function verifyEmailCode(
  deps: AuthDependencies,
  input: {
    /** The signed-in account's typed code, or the link's token. */
    proof: { code: string; userId: number } | { token: string };
    /** The presenting session, if any, and whether its proof of identity is recent. */
    sessionId?: number;
    isRecentlyAuthenticated: boolean;
  },
): Promise<VerifyResult> {
  const { proof } = input;
  const target =
    "token" in proof
      ? eq(emailVerificationCodes.linkTokenHash, hashSecret(proof.token))
      : eq(emailVerificationCodes.userId, proof.userId);
  const [newest] = await deps.db
    .select()
    .from(emailVerificationCodes)
    .where(and(target, isNull(emailVerificationCodes.usedAt), gt(emailVerificationCodes.expiresAt, deps.now)))
    .orderBy(desc(emailVerificationCodes.id))
    .limit(1);
  // A typed code is the signed-in account's own: its session is the code's owner (rate-limit/code-budget.ts).
  const isRight =
    "token" in proof
      ? newest !== undefined
      : await isCodeGuessRight(
          deps.db,
          deps.config,
          "verify",
          newest,
          proof.code,
          { address: deps.origin.ipAddress, isRequester: true },
          deps.now,
        );
  if (!newest || !isRight) {
    const userId = newest?.userId ?? ("userId" in proof ? proof.userId : null);
    await recordAuditEvent(deps.db, deps.origin, "verification_failed", userId);
    return { outcome: "invalidCode" };
  }
  const [owner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, newest.userId)).limit(1);
  if (owner && owner.email !== newest.email) {
    if (newest.sessionId === null || newest.sessionId !== input.sessionId) {
      await recordAuditEvent(deps.db, deps.origin, "verification_failed", newest.userId, { reason: "otherSession" });
      return { outcome: "otherSession" };
    }
    if (!input.isRecentlyAuthenticated) return { outcome: "reauthenticationRequired" };
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
        await sendEmailChangeUndoLink(tx, deps, before, newest.email);
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
  deps: Pick<AuthDependencies, "now" | "config">,
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
  // A proven address at a firm's "automatic" domain joins that firm (issue 44).
  await joinFirmByVerifiedDomain(tx, deps.config, user.id, email, deps.now);
}

export type UndoEmailChangeResult = { outcome: "restored"; email: string } | { outcome: "invalidLink" | "emailTaken" };

/**
 * Follows the link mailed to an old address (issue 42): the account gets that address back, verified, and
 * whoever moved it loses every hold the move gave them. The password is voided (a move now needs a recent
 * proof, so whoever moved the address may well know it: the owner sets a new one through the restored address);
 * everything a claim clears goes too (accounts/claim.ts, issue 53): second factors, passkeys, known browsers,
 * pending sign-ins, linked sign-in providers, codes sent meanwhile, a scheduled deletion and every session; and
 * the undo links of later changes die with them, while earlier ones stay, so the person who held the address
 * first has the last word. The link works once, and only when posted: the page asks for a press first.
 */
export async function undoEmailChange(deps: AuthDependencies, token: string): Promise<UndoEmailChangeResult> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [undo] = await tx
        .select()
        .from(emailChangeUndoTokens)
        .where(
          and(
            eq(emailChangeUndoTokens.tokenHash, hashSecret(token)),
            isNull(emailChangeUndoTokens.usedAt),
            gt(emailChangeUndoTokens.expiresAt, deps.now),
          ),
        )
        .for("update");
      if (!undo) return { outcome: "invalidLink" as const };
      const [user] = await tx.select().from(users).where(eq(users.id, undo.userId)).for("update");
      if (!user) return { outcome: "invalidLink" as const };
      // Another account took the address after it was left: it cannot come back, and nothing else changes.
      if (await isEmailTakenByAnother(tx, undo.previousEmail, user.id)) return { outcome: "emailTaken" as const };
      await tx.update(emailChangeUndoTokens).set({ usedAt: deps.now }).where(eq(emailChangeUndoTokens.id, undo.id));
      await tx
        .update(emailChangeUndoTokens)
        .set({ expiresAt: deps.now })
        .where(
          and(
            eq(emailChangeUndoTokens.userId, user.id),
            gt(emailChangeUndoTokens.id, undo.id),
            gt(emailChangeUndoTokens.expiresAt, deps.now),
          ),
        );
      await markEmailVerified(tx, deps, user, undo.previousEmail);
      await tx.update(users).set({ passwordHash: null, updatedAt: deps.now }).where(eq(users.id, user.id));
      // Whoever moved the address away had the account meanwhile and may have planted a way back in: a second
      // factor, a passkey, a known browser, a scheduled deletion (issue 53, finding 2). The undo clears it all,
      // as a claim of an unproven account does; the owner sets up their own again once signed in.
      await clearUnprovenAccount(tx, user.id, deps.now);
      await recordAuditEvent(tx, deps.origin, "email_change_undone", user.id);
      return { outcome: "restored" as const, email: undo.previousEmail };
    });
  } catch (error) {
    // Another account took the address between the check above and this change.
    if (getViolatedUniqueConstraint(error) === "users_email_key") return { outcome: "emailTaken" };
    throw error;
  }
}
