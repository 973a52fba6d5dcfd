import { type Language, type registerRequestSchema, USERNAME_MAX_LENGTH } from "@precis/contract/auth";
import type { ReauthenticateRequest } from "@precis/contract/sessions";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { and, desc, eq, gt, isNull, like, or, sql } from "drizzle-orm";
import type { z } from "zod/mini";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { passwordResetCodes, users } from "../../db/schema/index.ts";
import { addSeconds } from "../../lib/clock.ts";
import { getViolatedUniqueConstraint } from "../../lib/database-errors.ts";
import { escapeLike } from "../../lib/like-pattern.ts";
import { generateSecurityCode, hashSecurityCode } from "../../lib/security-codes.ts";
import { clearUnprovenAccount } from "../accounts/claim.ts";
import { recordConsents } from "../accounts/consents.ts";
import type { AuthDependencies } from "../accounts/dependencies.ts";
import { recordAuditEvent } from "../audit/service.ts";
import { checkFirmSignInMethod, type FirmSignInRefusalFacts } from "../firms/sign-in-policy.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { describeOccurrence } from "../mail/occurrence.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { emailContextOf, greetingNameOf, renderEmail } from "../mail/render.ts";
import { finishPasskeyAuthentication } from "../mfa/passkeys.ts";
import {
  checkSecondStepCode,
  clearSecondStepLock,
  completePendingSignIn,
  countPendingSignInFailure,
  hasTotpEnabled,
  startPendingSignIn,
} from "../mfa/second-factor.ts";
import { isCodeGuessRight, mayEmailCode, rememberCodeRequester } from "../rate-limit/code-budget.ts";
import { isRecentlyAuthenticated } from "../sessions/reauthentication.ts";
import type { ActiveSession } from "../sessions/service.ts";
import { markSessionAuthenticated, revokeOtherSessions, revokeUserSessions } from "../sessions/service.ts";
import { markEmailVerified, sendVerificationCode } from "../verification/service.ts";
import {
  findPasswordProblem,
  getStandInPasswordHash,
  hashPassword,
  type PasswordProblem,
  verifyPassword,
} from "./passwords.ts";
import { getUsernameSkeleton } from "./username-skeleton.ts";

type AccountUser = typeof users.$inferSelect;

const userByEmailStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder("email")))
    .limit(1)
    .prepare("user_by_email"),
);

export async function findUserByEmail(db: AppDatabase, email: string) {
  const [user] = await userByEmailStatement(db).execute({ email });
  return user ?? null;
}

export type RegistrationResult =
  | { outcome: "registered"; user: AccountUser }
  | { outcome: "emailExists" | "usernameExists" }
  | { outcome: PasswordProblem };

/**
 * Creates an account with a password, its welcome email in the same transaction. Without a chosen
 * username one is derived from the email. Two registrations racing for one email: the unique
 * index lets exactly one through.
 */
export async function registerAccount(
  deps: AuthDependencies,
  input: z.output<typeof registerRequestSchema>,
  language: Language,
): Promise<RegistrationResult> {
  const passwordProblem = findPasswordProblem(input.password);
  if (passwordProblem) return { outcome: passwordProblem };
  if (await findUserByEmail(deps.db, input.email)) return { outcome: "emailExists" };

  const passwordHash = await hashPassword(input.password);
  const chosenUsername = input.name || null;
  // A derived username can lose a race to another registration; try the next free one.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const username = chosenUsername ?? (await findFreeUsername(deps.db, usernameBaseFromEmail(input.email)));
    try {
      const user = await deps.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email: input.email,
            username,
            usernameSkeleton: getUsernameSkeleton(username),
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            organization: input.organization,
            areaOfLaw: input.areaOfLaw,
            occupation: input.role,
            locale: language,
            createdAt: deps.now,
            updatedAt: deps.now,
          })
          .returning();
        if (!created) throw new Error("insert returned no row");
        await enqueueEmail(
          tx,
          created.email,
          renderEmail("welcome", language, emailContextOf(deps.config), { name: greetingNameOf(created) }),
          deps.now,
        );
        // The account works at once; its free access waits for this code (or its link) to prove the address.
        await sendVerificationCode(tx, deps, created, created.email);
        // The form's terms checkbox is required: registering is accepting the versions in force.
        await recordConsents(tx, created.id, deps.now);
        await recordAuditEvent(tx, deps.origin, "registered", created.id, { method: "password" });
        return created;
      });
      return { outcome: "registered", user };
    } catch (error) {
      const constraint = getViolatedUniqueConstraint(error);
      if (constraint === "users_email_key") return { outcome: "emailExists" };
      if (constraint === "users_username_lower_key" || constraint === "users_username_skeleton_key") {
        if (chosenUsername) return { outcome: "usernameExists" };
        continue;
      }
      throw error;
    }
  }
  return { outcome: "usernameExists" };
}

/** "marie.tremblay+precis@x.ca" → "marie.tremblay": the allowed characters of the local part. */
export function usernameBaseFromEmail(email: string) {
  const local = (email.split("@")[0] ?? "").replace(/[^\p{L}\p{M}\p{N}._'-]/gu, "").slice(0, USERNAME_MAX_LENGTH - 4);
  return local.length >= 2 ? local : `user${local}`;
}

/**
 * The base itself when free, else the base with the smallest numeric suffix not taken: not by another username
 * whatever its case, nor by one that looks the same (their confusable skeletons).
 */
export async function findFreeUsername(db: AppDatabase, base: string) {
  const skeleton = getUsernameSkeleton(base);
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) like ${`${escapeLike(base.toLowerCase())}%`}`,
        like(users.usernameSkeleton, `${escapeLike(skeleton)}%`),
      ),
    );
  const takenNames = new Set(rows.map((row) => row.username.toLowerCase()));
  const takenLooks = new Set(rows.map((row) => getUsernameSkeleton(row.username)));
  const isFree = (name: string) => !takenNames.has(name.toLowerCase()) && !takenLooks.has(getUsernameSkeleton(name));
  if (isFree(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}${suffix}`;
    if (isFree(candidate)) return candidate;
  }
}

export type LoginResult =
  | { outcome: "loggedIn"; user: AccountUser }
  | { outcome: "secondFactorRequired"; secondFactorToken: string }
  | { outcome: "userNotFound" | "badPassword" }
  | FirmSignInRefusalFacts;

export async function logInWithPassword(deps: AuthDependencies, email: string, password: string): Promise<LoginResult> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await recordAuditEvent(deps.db, deps.origin, "login_failed", null, { reason: "unknownUser" });
    return { outcome: "userNotFound" };
  }
  // Accounts made with Google or Microsoft have no password to match; one is checked all the same, so that
  // the time a refusal takes does not say which kind of account the address has.
  const isMatch = user.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyPassword(await getStandInPasswordHash(), password).then(() => false);
  if (!isMatch) {
    await recordAuditEvent(deps.db, deps.origin, "login_failed", user.id, { reason: "badPassword" });
    return { outcome: "badPassword" };
  }
  // Only once the password is proven, so the refusal tells nothing of an account's firm to whoever guesses.
  const firmRefusal = await checkFirmSignInMethod(deps.db, user.id, "password");
  if (firmRefusal) {
    await recordAuditEvent(deps.db, deps.origin, "login_failed", user.id, { reason: "firmPolicy" });
    return firmRefusal;
  }
  // With the authenticator app on, the right password opens no session yet: the second step does.
  if (await hasTotpEnabled(deps.db, user.id)) {
    return { outcome: "secondFactorRequired", secondFactorToken: await startPendingSignIn(deps.db, user.id, deps.now) };
  }
  await recordAuditEvent(deps.db, deps.origin, "logged_in", user.id, { method: "password" });
  return { outcome: "loggedIn", user };
}

export type SecondFactorResult =
  | { outcome: "loggedIn"; user: AccountUser }
  | { outcome: "wrongCode" | "usedRecoveryCode" | "expired" | "locked"; hasQueuedEmail?: boolean }
  | (FirmSignInRefusalFacts & { hasQueuedEmail?: boolean });

/**
 * The second step of a password sign-in: the app's code or a recovery code, for the account the first step's
 * token names. A wrong code counts against the token (five void it) and against the account's one run of wrong
 * codes (mfa/second-factor.ts), which locks the second step at its limit until the owner proves the address; the
 * owner is emailed of the run's first wrong code and of the lock. A right one uses the token up and ends the run.
 */
export async function completeSecondFactor(
  deps: AuthDependencies,
  pending: { id: number; userId: number },
  code: string,
): Promise<SecondFactorResult> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, pending.userId)).limit(1);
  if (!user) return { outcome: "expired" };
  // A second step started before the firm refused passwords (or before the person joined it) finishes nothing.
  const firmRefusal = await checkFirmSignInMethod(deps.db, user.id, "password");
  if (firmRefusal) {
    await recordAuditEvent(deps.db, deps.origin, "login_failed", user.id, { reason: "firmPolicy" });
    return firmRefusal;
  }
  const checked = await checkSecondStepCode(deps, user, { code, place: "signIn", step: "sign-in" });
  if (checked.outcome !== "right") {
    if (checked.outcome !== "locked") await countPendingSignInFailure(deps.db, pending.id);
    return checked;
  }
  if (!(await completePendingSignIn(deps.db, pending.id, deps.now))) return { outcome: "expired" };
  await recordAuditEvent(deps.db, deps.origin, "logged_in", user.id, {
    method: "password",
    secondFactor: checked.kind,
  });
  return { outcome: "loggedIn", user };
}

/** A sign-in with a passkey: its verified answer names the account, and is two factors on its own. */
export async function logInWithPasskey(deps: AuthDependencies, response: AuthenticationResponseJSON) {
  const result = await finishPasskeyAuthentication(deps.db, deps.config, { userId: null, response, now: deps.now });
  if (result.outcome !== "verified") {
    await recordAuditEvent(deps.db, deps.origin, "login_failed", null, { reason: result.outcome });
    return { outcome: result.outcome };
  }
  const [user] = await deps.db.select().from(users).where(eq(users.id, result.userId)).limit(1);
  if (!user) return { outcome: "unknownPasskey" as const };
  // A passkey is part of the password method (firms/sign-in-policy.ts).
  const firmRefusal = await checkFirmSignInMethod(deps.db, user.id, "password");
  if (firmRefusal) {
    await recordAuditEvent(deps.db, deps.origin, "login_failed", user.id, { reason: "firmPolicy" });
    return firmRefusal;
  }
  await recordAuditEvent(deps.db, deps.origin, "logged_in", user.id, { method: "passkey" });
  return { outcome: "loggedIn" as const, user };
}

/**
 * Issues a new security code (voiding earlier ones) and queues the email that carries it, in one transaction, in
 * `language`: the one of the page that asked for it, else the account's.
 */
export async function requestPasswordReset(
  deps: AuthDependencies,
  { email, language }: { email: string; language: Language | undefined },
  browser: string,
) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { outcome: "userNotFound" as const };
  // Past the hour's allowance nothing is sent and the newest code stays valid, yet the answer is the same: a
  // flood of requests cannot flood the owner's mailbox, nor tell anyone that it was stopped.
  if (!(await mayEmailCode(deps.db, "reset", user.id, deps.now))) {
    await recordAuditEvent(deps.db, deps.origin, "locked", user.id, { key: "code-mail" });
    return { outcome: "codeSent" as const };
  }
  const code = generateSecurityCode();
  const validMinutes = deps.config.resetCodeTtlMinutes;
  await deps.db.transaction(async (tx) => {
    // Only the newest code is ever valid.
    await tx
      .update(passwordResetCodes)
      .set({ expiresAt: deps.now })
      .where(and(eq(passwordResetCodes.userId, user.id), gt(passwordResetCodes.expiresAt, deps.now)));
    const [issued] = await tx
      .insert(passwordResetCodes)
      .values({
        userId: user.id,
        codeHash: hashSecurityCode(user.id, code),
        createdAt: deps.now,
        expiresAt: addSeconds(deps.now, validMinutes * 60),
      })
      .returning({ id: passwordResetCodes.id, expiresAt: passwordResetCodes.expiresAt });
    if (!issued) throw new Error("insert returned no row");
    // The browser that asked guesses apart from strangers, who cannot spend its tries (code-budget.ts).
    await rememberCodeRequester(
      tx,
      deps.config,
      { kind: "reset", codeId: issued.id, userId: user.id, expiresAt: issued.expiresAt },
      browser,
      deps.now,
    );
    await enqueueAccountEmail(
      tx,
      deps.config,
      { ...user, locale: language ?? user.locale },
      "resetCode",
      { code, validMinutes },
      deps.now,
    );
    await recordAuditEvent(tx, deps.origin, "reset_requested", user.id);
  });
  return { outcome: "codeSent" as const };
}

export type ResetResult =
  | { outcome: "reset" }
  | { outcome: "userNotFound" | "invalidCode" }
  | { outcome: PasswordProblem };

/**
 * Sets a new password when the code is the newest, unexpired, unused one; ends every session of
 * the account and queues a "password changed" notice. A wrong code counts against the client that tried it: the
 * browser that asked for the code (`browser`, the hash of its device cookie) apart from every other.
 */
export async function resetPassword(
  deps: AuthDependencies,
  input: { email: string; password: string; code: string; browser: string | null },
): Promise<ResetResult> {
  const passwordProblem = findPasswordProblem(input.password);
  if (passwordProblem) return { outcome: passwordProblem };
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) return { outcome: "userNotFound" };

  const [newest] = await deps.db
    .select()
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.userId, user.id),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, deps.now),
      ),
    )
    .orderBy(desc(passwordResetCodes.id))
    .limit(1);
  const isRight = await isCodeGuessRight(
    deps.db,
    deps.config,
    "reset",
    newest,
    input.code,
    { address: deps.origin.ipAddress, browser: input.browser },
    deps.now,
  );
  if (!newest || !isRight) {
    await recordAuditEvent(deps.db, deps.origin, "reset_failed", user.id);
    return { outcome: "invalidCode" };
  }

  const passwordHash = await hashPassword(input.password);
  const isApplied = await deps.db.transaction(async (tx) => {
    // Claim the code atomically: of two resets racing with one code, only one wins.
    const claimed = await tx
      .update(passwordResetCodes)
      .set({ usedAt: deps.now })
      .where(and(eq(passwordResetCodes.id, newest.id), isNull(passwordResetCodes.usedAt)))
      .returning({ id: passwordResetCodes.id });
    if (claimed.length === 0) return false;
    // Read under lock: a verification finishing meanwhile makes this an owner's reset, not a claim.
    const [current] = await tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt, trialStartedAt: users.trialStartedAt })
      .from(users)
      .where(eq(users.id, user.id))
      .for("update");
    const isUnproven = current?.emailVerifiedAt === null;
    await tx.update(users).set({ passwordHash, updatedAt: deps.now }).where(eq(users.id, user.id));
    // The emailed code proved the owner reads the address: what a locked second step waits for (decision 042).
    await clearSecondStepLock(tx, user.id);
    // A reset on an address never proven is its owner claiming it from whoever registered it (issue 42,
    // finding 3): what that person planted goes with the sessions, so the next login asks for no one else's code.
    if (isUnproven) {
      await clearUnprovenAccount(tx, user.id, deps.now);
      // The code reached the address's mailbox, so the address is proven now, as a verification code proves it
      // (issue 53): the owner is not asked to prove it again, and the trial and a firm's domain follow from it.
      await markEmailVerified(tx, deps, { id: user.id, trialStartedAt: current.trialStartedAt }, current.email);
    } else await revokeUserSessions(tx, user.id, deps.now);
    await enqueueAccountEmail(
      tx,
      deps.config,
      user,
      "passwordChanged",
      {
        hasKeptThisSession: false,
        occurred: describeOccurrence(deps.origin, deps.now, user.locale),
      },
      deps.now,
    );
    await recordAuditEvent(
      tx,
      deps.origin,
      "reset_completed",
      user.id,
      isUnproven ? { clearedUnproven: true } : undefined,
    );
    return true;
  });
  return isApplied ? { outcome: "reset" } : { outcome: "invalidCode" };
}

export type ChangePasswordResult =
  | { outcome: "changed"; endedSessions: number }
  | { outcome: "badPassword" | "currentPasswordMissing" | "reauthenticationRequired" }
  | { outcome: PasswordProblem };

/**
 * Changes a signed-in account's password, the current one proving it is the owner: every other session ends,
 * this one stays, and the account is told by email, in one transaction.
 */
export async function changePassword(
  deps: AuthDependencies,
  session: ActiveSession,
  input: { currentPassword?: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (!user) throw new Error(`user ${session.userId} of a live session does not exist`);
  if (user.passwordHash) {
    if (input.currentPassword === undefined) return { outcome: "currentPasswordMissing" };
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await recordAuditEvent(deps.db, deps.origin, "login_failed", user.id, { reason: "badCurrentPassword" });
      return { outcome: "badPassword" };
    }
  } else if (!isRecentlyAuthenticated(session, deps.now)) {
    // A first password for a Google or Microsoft account: the fresh sign-in is the proof of who is asking.
    return { outcome: "reauthenticationRequired" };
  }
  const passwordProblem = findPasswordProblem(input.newPassword);
  if (passwordProblem) return { outcome: passwordProblem };
  const passwordHash = await hashPassword(input.newPassword);
  const endedSessions = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.now }).where(eq(users.id, user.id));
    const ended = await revokeOtherSessions(tx, user.id, session.id, deps.now);
    await enqueueAccountEmail(
      tx,
      deps.config,
      user,
      "passwordChanged",
      {
        hasKeptThisSession: true,
        hadPassword: user.passwordHash !== null,
        occurred: describeOccurrence(deps.origin, deps.now, user.locale),
      },
      deps.now,
    );
    await recordAuditEvent(tx, deps.origin, "password_changed", user.id, { endedSessions: ended });
    return ended;
  });
  return { outcome: "changed", endedSessions };
}

/**
 * Confirms who is at the keyboard of a signed-in account, with its password, a code (the app's or a recovery
 * code) or one of its passkeys, and records the proof on the session.
 */
export async function reauthenticate(
  deps: AuthDependencies,
  session: { userId: number; id: number },
  proof: ReauthenticateRequest,
): Promise<{
  outcome:
    | "confirmed"
    | "badPassword"
    | "noPassword"
    | "wrongCode"
    | "usedRecoveryCode"
    | "locked"
    | "passkeyNotVerified"
    | FirmSignInRefusalFacts["outcome"];
  hasQueuedEmail?: boolean;
  firmPolicy?: FirmSignInRefusalFacts["firmPolicy"];
}> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (!user) throw new Error(`user ${session.userId} of a live session does not exist`);
  // Each proof here (password, code, passkey) is the password method: a firm that refuses it refuses the step-up.
  const firmRefusal = await checkFirmSignInMethod(deps.db, user.id, "password");
  if (firmRefusal) {
    await recordAuditEvent(deps.db, deps.origin, "login_failed", user.id, { reason: "firmPolicy" });
    return firmRefusal;
  }
  if ("password" in proof) {
    if (!user.passwordHash) return { outcome: "noPassword" };
    if (!(await verifyPassword(user.passwordHash, proof.password))) {
      await recordAuditEvent(deps.db, deps.origin, "login_failed", user.id, { reason: "badReauthentication" });
      return { outcome: "badPassword" };
    }
  } else if ("code" in proof) {
    // The same run of wrong codes as the sign-in's second step: a stolen session gets no tries of its own.
    const checked = await checkSecondStepCode(deps, user, {
      code: proof.code,
      place: "session",
      step: "reauthentication",
    });
    if (checked.outcome !== "right") return checked;
  } else {
    const result = await finishPasskeyAuthentication(deps.db, deps.config, {
      userId: user.id,
      response: proof.passkey as unknown as AuthenticationResponseJSON,
      now: deps.now,
    });
    if (result.outcome !== "verified") {
      await recordAuditEvent(deps.db, deps.origin, "login_failed", user.id, { reason: "badPasskeyReauthentication" });
      return { outcome: "passkeyNotVerified" };
    }
  }
  await markSessionAuthenticated(deps.db, session.id, deps.now);
  await recordAuditEvent(deps.db, deps.origin, "reauthenticated", user.id, {
    method: "password" in proof ? "password" : "code" in proof ? "code" : "passkey",
  });
  return { outcome: "confirmed" };
}
