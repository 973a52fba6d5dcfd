import type { SignInMethod } from "@precis/contract/firms";
import { and, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firmMemberships, firms, pendingSignIns, type SessionSignInMethod, sessions } from "../../db/schema/index.ts";
import { checkFirmSignInMethod, type FirmSignInRefusalFacts } from "./sign-in-policy.ts";

/*
 * A firm's allowed sign-in methods reach live sessions, not only new sign-ins (issue 53, finding 5; decision
 * 043). Every session records how its sign-in proved who it was (sessions.sign_in_method); a change of the
 * policy ends, in the transaction that saves it, every live session of the firm's people begun by a method it
 * no longer allows, the extension's among them (a handed-over session carries its portal session's method), and
 * voids their pending second steps when passwords are no longer allowed. The two-step rule needs nothing here:
 * access is computed on every request from the account's factors, so a live session without one is held to
 * setting one up at once, as a new sign-in is.
 */

/** The firm policy's method a session's sign-in counts as: a passkey is part of the password method (sign-in-policy.ts). */
export function policyMethodOf(method: SessionSignInMethod): SignInMethod | null {
  switch (method) {
    case "password":
    case "passkey":
      return "password";
    case "google":
    case "microsoft":
      return method;
    // A session older than the column: nobody knows, so no restriction lets it through.
    case "unknown":
      return null;
  }
}

/** The session methods a firm allowing `allowed` lets stay signed in. */
export function compliantSessionMethods(allowed: readonly SignInMethod[]): SessionSignInMethod[] {
  const all: SessionSignInMethod[] = ["password", "passkey", "google", "microsoft"];
  const kept = all.filter((method) => {
    const policy = policyMethodOf(method);
    return policy !== null && allowed.includes(policy);
  });
  // Only a firm that allows every method keeps the sessions whose method is not known.
  return kept.length === all.length ? [...kept, "unknown"] : kept;
}

/**
 * Ends the live sessions of the firm's people (or of one person, who has just joined) that its allowed methods
 * refuse, and voids their pending second steps when the password is refused; returns how many sessions ended.
 * Run inside the transaction that changes the policy or the membership, so a refused session never outlives it.
 */
export async function endSessionsRefusedByPolicy(
  db: AppDatabase,
  input: { firmId: number; signInMethods: readonly SignInMethod[]; now: Date; userId?: number },
): Promise<number> {
  const people = db
    .select({ userId: firmMemberships.userId })
    .from(firmMemberships)
    .where(
      input.userId === undefined
        ? eq(firmMemberships.firmId, input.firmId)
        : and(eq(firmMemberships.firmId, input.firmId), eq(firmMemberships.userId, input.userId)),
    );
  const ended = await db
    .update(sessions)
    .set({ revokedAt: input.now })
    .where(
      and(
        inArray(sessions.userId, people),
        isNull(sessions.revokedAt),
        notInArray(sessions.signInMethod, compliantSessionMethods(input.signInMethods)),
      ),
    )
    .returning({ id: sessions.id });
  if (!input.signInMethods.includes("password")) {
    // A second step follows a right password: with passwords refused, none started before may finish.
    await db
      .update(pendingSignIns)
      .set({ usedAt: input.now })
      .where(and(inArray(pendingSignIns.userId, people), isNull(pendingSignIns.usedAt)));
  }
  return ended.length;
}

/**
 * A person has just joined the firm `firmId` (an invitation, a domain): their live sessions by a method its policy
 * refuses end in the joining transaction, as a policy change ends its people's.
 */
export async function endSessionsRefusedOnJoin(db: AppDatabase, input: { firmId: number; userId: number; now: Date }) {
  const [firm] = await db
    .select({ signInMethods: firms.signInMethods })
    .from(firms)
    .where(eq(firms.id, input.firmId))
    .limit(1);
  if (!firm) return 0;
  return endSessionsRefusedByPolicy(db, { ...input, signInMethods: firm.signInMethods as SignInMethod[] });
}

/**
 * Whether the account's firm allows the method the live session `sessionId` began with: null when it does, else
 * the refusal. For what a session does beyond reading (a handoff), in case it outlived a policy by a race.
 */
export async function checkSessionAgainstFirm(
  db: AppDatabase,
  userId: number,
  sessionId: number,
): Promise<FirmSignInRefusalFacts | null> {
  const [row] = await db
    .select({ signInMethod: sessions.signInMethod })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return checkFirmSignInMethod(db, userId, row ? policyMethodOf(row.signInMethod) : null);
}
