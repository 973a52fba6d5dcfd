import { toPlainText } from "@precis/contract/account-rules";
import { type Language, SSO_USERNAME_MAX_LENGTH } from "@precis/contract/auth";
import type { Occupation } from "@precis/contract/profile";
import { deriveSsoUsername } from "@precis/contract/sso";
import { and, eq, ne } from "drizzle-orm";
import { userIdentities, users } from "../../db/schema/index.ts";
import { getViolatedUniqueConstraint } from "../../lib/database-errors.ts";
import { clearUnprovenAccount } from "../accounts/claim.ts";
import { recordConsents } from "../accounts/consents.ts";
import type { AuthDependencies } from "../accounts/dependencies.ts";
import { recordAuditEvent } from "../audit/service.ts";
import { findUserByEmail } from "../auth/service.ts";
import { getUsernameSkeleton } from "../auth/username-skeleton.ts";
import { checkFirmSignInMethod } from "../firms/sign-in-policy.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { describeOccurrence } from "../mail/occurrence.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { emailContextOf, greetingNameOf, providerNameOf, renderEmail } from "../mail/render.ts";
import { sendEmailChangeUndoLink } from "../verification/email-change-undo.ts";
import { markEmailVerified } from "../verification/service.ts";
import type { VerifiedIdentity } from "./token-verifier.ts";

/**
 * The account a verified Google or Microsoft identity signs in to: the one it is linked to, or else the
 * account with the same (verified) email, which it is then linked to. Null when none.
 *
 * Linking by email is where account pre-hijacking strikes: someone registers a password account with another
 * person's address and waits for the owner to sign in with Google. So an account whose email was never proven
 * loses its password, every factor and every session before the identity is linked (accounts/claim.ts), and the
 * owner is told; linking to a proven account tells its owner that a new way in was added.
 */
export async function logInWithIdentity(deps: AuthDependencies, identity: VerifiedIdentity) {
  const [linked] = await deps.db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, identity.provider), eq(userIdentities.subject, identity.subject)))
    .limit(1);
  const user = linked?.user ?? (await findUserByEmail(deps.db, identity.email));
  if (!user) {
    await recordAuditEvent(deps.db, deps.origin, "sso_login_failed", null, {
      provider: identity.provider,
      reason: "unknownUser",
    });
    return null;
  }
  // Checked before anything is linked or changed, so a refusal writes nothing but the security log's line.
  const firmRefusal = await checkFirmSignInMethod(
    deps.db,
    user.id,
    identity.provider === "google.com" ? "google" : "microsoft",
  );
  if (firmRefusal) {
    await recordAuditEvent(deps.db, deps.origin, "sso_login_failed", user.id, {
      provider: identity.provider,
      reason: "firmPolicy",
    });
    return firmRefusal;
  }
  const wasUnverified = user.emailVerifiedAt === null;
  await deps.db.transaction(async (tx) => {
    if (!linked) {
      const provider = providerNameOf(identity.provider);
      if (wasUnverified) {
        await tx.update(users).set({ passwordHash: null, updatedAt: deps.now }).where(eq(users.id, user.id));
        // The password is not all a pre-hijacker leaves behind (issue 42, finding 3): factors, devices, sessions.
        await clearUnprovenAccount(tx, user.id, deps.now);
        await markEmailVerified(tx, deps, user, identity.email);
        await recordAuditEvent(tx, deps.origin, "sso_account_secured", user.id, { provider: identity.provider });
      }
      await tx
        .insert(userIdentities)
        .values({ userId: user.id, provider: identity.provider, subject: identity.subject, email: identity.email })
        .onConflictDoNothing();
      await enqueueAccountEmail(
        tx,
        deps.config,
        user,
        wasUnverified ? "accountSecured" : "ssoLinked",
        {
          provider,
          occurred: describeOccurrence(deps.origin, deps.now, user.locale),
        },
        deps.now,
      );
      await recordAuditEvent(tx, deps.origin, "sso_linked", user.id, { provider: identity.provider });
    }
    await recordAuditEvent(tx, deps.origin, "sso_logged_in", user.id, { provider: identity.provider });
  });
  return { outcome: "loggedIn" as const, user };
}

/** Numeric suffixes keep a taken SSO username within its 15 characters: "MarieTremblay" → "MarieTremblay2". */
function usernameCandidates(base: string) {
  const candidates = [base];
  for (let suffix = 2; suffix < 1000; suffix += 1) {
    const tail = String(suffix);
    candidates.push(`${base.slice(0, SSO_USERNAME_MAX_LENGTH - tail.length)}${tail}`);
  }
  return candidates;
}

export type SsoRegistrationResult =
  | { outcome: "registered"; user: typeof users.$inferSelect }
  | { outcome: "emailExists" | "usernameExists" };

/** Creates a password-less account for a verified identity, linked to it, with its welcome email. */
export async function registerWithIdentity(
  deps: AuthDependencies,
  identity: VerifiedIdentity,
  role: Occupation,
  language: Language,
): Promise<SsoRegistrationResult> {
  if (await findUserByEmail(deps.db, identity.email)) return { outcome: "emailExists" };
  const fromName = deriveSsoUsername(identity.displayName);
  const base = fromName.length >= 2 ? fromName : deriveSsoUsername(identity.email.split("@")[0] ?? "").padEnd(2, "0");
  // The provider's display name becomes our names: composed, without controls or direction overrides.
  const [firstName = "", ...rest] = toPlainText(identity.displayName).split(" ");

  for (const username of usernameCandidates(base)) {
    try {
      const user = await deps.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email: identity.email,
            username,
            usernameSkeleton: getUsernameSkeleton(username),
            firstName: firstName.slice(0, 100),
            lastName: rest.join(" ").slice(0, 100),
            occupation: role,
            locale: language,
            createdAt: deps.now,
            updatedAt: deps.now,
          })
          .returning();
        if (!created) throw new Error("insert returned no row");
        // Google and Microsoft vouch for the address (the token verifier checks email_verified).
        await markEmailVerified(tx, deps, created, created.email);
        // The confirmation page's terms checkbox is required: this is accepting the versions in force.
        await recordConsents(tx, created.id, deps.now);
        await tx.insert(userIdentities).values({
          userId: created.id,
          provider: identity.provider,
          subject: identity.subject,
          email: identity.email,
        });
        await enqueueEmail(
          tx,
          created.email,
          renderEmail("welcome", language, emailContextOf(deps.config), { name: greetingNameOf(created) }),
          deps.now,
        );
        await recordAuditEvent(tx, deps.origin, "sso_registered", created.id, { provider: identity.provider });
        return created;
      });
      return { outcome: "registered", user };
    } catch (error) {
      const constraint = getViolatedUniqueConstraint(error);
      if (constraint === "users_username_lower_key" || constraint === "users_username_skeleton_key") continue;
      if (constraint === "users_email_key" || constraint === "user_identities_provider_subject_key") {
        return { outcome: "emailExists" };
      }
      throw error;
    }
  }
  return { outcome: "usernameExists" };
}

/**
 * Moves the account to the email of a freshly signed-in identity and links that identity; the old
 * address is told, with a link that undoes the move, in the same transaction. Null when another account
 * already uses the email.
 */
export async function changeEmail(deps: AuthDependencies, userId: number, identity: VerifiedIdentity) {
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, identity.email), ne(users.id, userId)))
    .limit(1);
  if (taken) return { outcome: "emailTaken" as const };
  // An identity already linked to another account is that account's, whatever its email now.
  const [linkedElsewhere] = await deps.db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(
      and(
        eq(userIdentities.provider, identity.provider),
        eq(userIdentities.subject, identity.subject),
        ne(userIdentities.userId, userId),
      ),
    )
    .limit(1);
  if (linkedElsewhere) return { outcome: "emailTaken" as const };
  try {
    await deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId));
      if (!before) throw new Error("user of a live session does not exist");
      // The provider vouches for the new address: it is verified, and joins the trial ledger.
      await markEmailVerified(tx, deps, before, identity.email);
      await tx
        .insert(userIdentities)
        .values({ userId, provider: identity.provider, subject: identity.subject, email: identity.email })
        .onConflictDoUpdate({
          target: [userIdentities.provider, userIdentities.subject],
          set: { email: identity.email },
        });
      // The old address can take the account back for a while (issue 42).
      if (before.email !== identity.email) await sendEmailChangeUndoLink(tx, deps, before, identity.email);
      await recordAuditEvent(tx, deps.origin, "email_changed", userId, { provider: identity.provider });
    });
  } catch (error) {
    if (getViolatedUniqueConstraint(error) === "users_email_key") return { outcome: "emailTaken" as const };
    throw error;
  }
  return { outcome: "changed" as const };
}
