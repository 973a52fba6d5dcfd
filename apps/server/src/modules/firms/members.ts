import type { FirmAuditEventType, FirmMember, FirmRole } from "@precis/contract/firms";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firmMemberships, passkeys, pendingSignIns, sessions, totpFactors, users } from "../../db/schema/index.ts";
import { transactionOutcome } from "../../lib/transaction-outcome.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { revokeUserSessions } from "../sessions/service.ts";
import { displayNameOf, type FirmAuditDetails, recordFirmEvent } from "./audit.ts";
import {
  type CallerFirm,
  type FirmContext,
  type FirmRow,
  inCallerFirm,
  lockCallerFirm,
  quoted,
  readUser,
  type UserRow,
} from "./caller-firm.ts";
import { toFirmView } from "./firm.ts";
import { endSessionsRefusedOnJoin } from "./live-sessions.ts";
import { giveFreedSeats, isFirmRowSeated } from "./seats.ts";

/* The firm's members and their roles: who is in it, joining, role changes, removal, leaving, ownership. */

const noSuchMember = { outcome: "noSuchMember" } as const;
const ownersOnly = { outcome: "ownersOnly" } as const;
const lastOwner = { outcome: "lastOwner" } as const;

async function countOwners(tx: AppDatabase, firmId: number) {
  const [row] = await tx
    .select({ owners: count() })
    .from(firmMemberships)
    .where(and(eq(firmMemberships.firmId, firmId), eq(firmMemberships.role, "owner")));
  return row?.owners ?? 0;
}

/** Whether the account has a second step: an authenticator app turned on, or a passkey (as the two-step rule asks). */
const hasSecondStepSql = sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.enabledAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`;
/**
 * When the account last signed in, as far as its sessions still on record say: a session a sign-in opened, not one
 * an extension handoff opened from it.
 */
const lastSignInSql = sql<
  string | Date | null
>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.linkedSessionId} is null)`;

/** A timestamp as the driver answers it (node-postgres a Date, PGlite a string), as its UTC day. */
const utcDayOf = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString().slice(0, 10));

/**
 * The firm's members, read in the transaction of a change, so the answer shows the change even to an admin who has
 * just made themselves a member. Who complies (issue 56): whether each has a second step (on or off, never which),
 * the day of their last sign-in, and whether they hold a seat while a subscription seats the firm.
 */
async function readMembers(tx: AppDatabase, firm: FirmRow, now: Date): Promise<FirmMember[]> {
  const isSeated = isFirmRowSeated(firm, now);
  const rows = await tx
    .select({ membership: firmMemberships, user: users, hasSecondStep: hasSecondStepSql, lastSignIn: lastSignInSql })
    .from(firmMemberships)
    .innerJoin(users, eq(users.id, firmMemberships.userId))
    .where(eq(firmMemberships.firmId, firm.id))
    .orderBy(asc(firmMemberships.joinedAt), asc(firmMemberships.userId));
  return rows.map(({ membership, user, hasSecondStep, lastSignIn }) => ({
    userId: user.id,
    email: user.email,
    name: displayNameOf(user),
    role: membership.role,
    joinedAt: membership.joinedAt.toISOString(),
    hasSecondStep: hasSecondStep === true,
    lastSignInDay: utcDayOf(lastSignIn),
    hasSeat: isSeated ? membership.seated : null,
  }));
}

/** A member of the firm with their account; another firm's member, or nobody, is none, so no id says anything. */
async function findMember(tx: AppDatabase, firmId: number, memberUserId: number) {
  const [member] = await tx
    .select({ membership: firmMemberships, user: users })
    .from(firmMemberships)
    .innerJoin(users, eq(users.id, firmMemberships.userId))
    .where(and(eq(firmMemberships.userId, memberUserId), eq(firmMemberships.firmId, firmId)))
    .limit(1);
  return member;
}

/**
 * A person in no firm joins `firm` (its row locked by the caller): their membership, their sessions under its policy
 * from now on (decision 043), the trail's entry. False when they are in a firm already: a person belongs to at most
 * one, and of two joins at once the membership's key lets one through.
 */
export async function admitMember(
  tx: AppDatabase,
  joining: {
    firm: FirmRow;
    userId: number;
    role: FirmRole;
    joinedBy: "invitation" | "domain";
    event: FirmAuditEventType;
    details: FirmAuditDetails;
    now: Date;
  },
) {
  const { firm, userId, now } = joining;
  const [joined] = await tx
    .insert(firmMemberships)
    .values({ userId, firmId: firm.id, role: joining.role, joinedBy: joining.joinedBy, joinedAt: now })
    .onConflictDoNothing({ target: firmMemberships.userId })
    .returning({ userId: firmMemberships.userId });
  if (!joined) return false;
  await endSessionsRefusedOnJoin(tx, { firmId: firm.id, userId, now });
  await recordFirmEvent(tx, {
    firmId: firm.id,
    event: joining.event,
    actorUserId: userId,
    subjectUserId: userId,
    details: joining.details,
    now,
  });
  return true;
}

/** A member goes, removed or leaving: the seat they held to the next member without one, the trail, their email. */
async function dropMember(
  { tx, firm, record }: CallerFirm,
  { config, now }: FirmContext,
  member: { user: UserRow; role: FirmRole },
  how: "removed" | "left",
) {
  await tx.delete(firmMemberships).where(eq(firmMemberships.userId, member.user.id));
  await giveFreedSeats(tx, firm, now);
  await record(how === "removed" ? "member_removed" : "member_left", { role: member.role }, member.user.id);
  const template = how === "removed" ? "firmMemberRemoved" : "firmMemberLeft";
  await enqueueAccountEmail(tx, config, member.user, template, { firmName: quoted(firm.name) }, now);
}

/** `GET /api/firm/members`: owners and admins see who is in the firm, with their address and role; nothing else. */
export function listMembers(context: FirmContext) {
  return inCallerFirm(context, { needs: "admin", isReadOnly: true, commits: ["listed"] }, async ({ tx, firm }) => ({
    outcome: "listed" as const,
    members: await readMembers(tx, firm, context.now),
  }));
}

/**
 * `PATCH /api/firm/members/{userId}`: owners and admins move members between admin and member; only an owner gives
 * or takes the owner role, and the last owner keeps it.
 */
export function changeMemberRole(context: FirmContext, memberUserId: number, newRole: FirmRole) {
  return inCallerFirm(context, { needs: "admin", commits: ["changed"] }, async ({ tx, firm, role, record }) => {
    const member = await findMember(tx, firm.id, memberUserId);
    if (!member) return noSuchMember;
    const { membership } = member;
    if ((membership.role === "owner" || newRole === "owner") && role !== "owner") return ownersOnly;
    if (membership.role !== newRole) {
      if (membership.role === "owner" && (await countOwners(tx, firm.id)) <= 1) return lastOwner;
      await tx.update(firmMemberships).set({ role: newRole }).where(eq(firmMemberships.userId, memberUserId));
      await record("role_changed", { from: membership.role, to: newRole }, memberUserId);
    }
    return { outcome: "changed" as const, members: await readMembers(tx, firm, context.now) };
  });
}

/** `DELETE /api/firm/members/{userId}`: owners and admins remove a member (an owner only by an owner). */
export function removeMember(context: FirmContext, memberUserId: number) {
  return inCallerFirm(context, { needs: "admin", commits: ["removed"] }, async (caller) => {
    const member = await findMember(caller.tx, caller.firm.id, memberUserId);
    if (!member) return noSuchMember;
    if (memberUserId === context.userId) return { outcome: "removingSelf" } as const;
    if (member.membership.role === "owner" && caller.role !== "owner") return ownersOnly;
    await dropMember(caller, context, { user: member.user, role: member.membership.role }, "removed");
    return { outcome: "removed" as const, members: await readMembers(caller.tx, caller.firm, context.now) };
  });
}

/** `POST /api/firm/leave`: anyone leaves, but the last owner, who first names another owner or closes the firm. */
export function leaveFirm(context: FirmContext) {
  return transactionOutcome(context.db, ["left"], (tx) => leaveFirmIn({ ...context, db: tx }));
}

/**
 * Leaving, inside the caller's transaction (`context.db`): by the signed-in route, or by an emailed link (leave-link.ts)
 * that checks its token in the same transaction. Writes nothing before it may leave; tells the firm left.
 */
export async function leaveFirmIn(context: FirmContext) {
  const caller = await lockCallerFirm(context, "member");
  if (caller.outcome !== "locked") return caller;
  const { tx, firm, role } = caller;
  if (role === "owner" && (await countOwners(tx, firm.id)) <= 1) return lastOwner;
  await dropMember(caller, context, { user: await readUser(tx, context.userId), role }, "left");
  return { outcome: "left" as const, firm };
}

/** `POST /api/firm/transfer`: an owner hands ownership to another member and becomes an admin. */
export function transferOwnership(context: FirmContext, newOwnerUserId: number) {
  const { now, userId } = context;
  return inCallerFirm(context, { needs: "owner", commits: ["transferred"] }, async ({ tx, firm, record }) => {
    if (newOwnerUserId === userId) return { outcome: "alreadyOwner" } as const;
    const member = await findMember(tx, firm.id, newOwnerUserId);
    if (!member) return noSuchMember;
    await tx.update(firmMemberships).set({ role: "owner" }).where(eq(firmMemberships.userId, newOwnerUserId));
    await tx.update(firmMemberships).set({ role: "admin" }).where(eq(firmMemberships.userId, userId));
    await record("ownership_transferred", { previousRole: member.membership.role }, newOwnerUserId);
    return { outcome: "transferred" as const, firm: await toFirmView(tx, firm, "admin", now) };
  });
}

/**
 * `DELETE /api/firm/members/{userId}/sessions` (step-up): an owner or admin signs a member out everywhere at once,
 * the portal's sessions and the extension's alike, say for a lost laptop. The caller never sees the sessions; the
 * trail records the act and the member is emailed. An owner's sessions only by an owner; one's own by Sign out
 * everywhere instead, which keeps this device.
 */
export function endMemberSessions(context: FirmContext, memberUserId: number) {
  return inCallerFirm(context, { needs: "admin", commits: ["ended"] }, async ({ tx, firm, role, record }) => {
    const member = await findMember(tx, firm.id, memberUserId);
    if (!member) return noSuchMember;
    if (memberUserId === context.userId) return { outcome: "endingOwnSessions" } as const;
    if (member.membership.role === "owner" && role !== "owner") return ownersOnly;
    await revokeUserSessions(tx, memberUserId, context.now);
    // A sign-in half done (its second step pending) would open a new session after this: it ends too.
    await tx
      .update(pendingSignIns)
      .set({ usedAt: context.now })
      .where(and(eq(pendingSignIns.userId, memberUserId), isNull(pendingSignIns.usedAt)));
    await record("member_sessions_ended", {}, memberUserId);
    const params = { firmName: quoted(firm.name), signInLink: `${context.config.publicUrl}/login` };
    await enqueueAccountEmail(tx, context.config, member.user, "firmSessionsEnded", params, context.now);
    return { outcome: "ended" as const };
  });
}
