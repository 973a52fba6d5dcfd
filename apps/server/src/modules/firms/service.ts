import { randomBytes } from "node:crypto";
import type { Language } from "@precis/contract/auth";
import {
  type AddFirmDomainRequest,
  type DomainJoinMode,
  type Firm,
  type FirmDomain,
  type FirmInvitation,
  type FirmMember,
  type FirmPolicies,
  type FirmPoliciesUpdate,
  type FirmResponse,
  type FirmRole,
  INVITATION_VALID_DAYS,
  isProofNeededFor,
  type SignInMethod,
} from "@precis/contract/firms";
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import {
  firmDomains,
  firmInvitations,
  firmMemberships,
  firms,
  passkeys,
  userIdentities,
  users,
} from "../../db/schema/index.ts";
import { addDays } from "../../lib/clock.ts";
import { getViolatedUniqueConstraint } from "../../lib/database-errors.ts";
import type { TxtLookupFunction } from "../../lib/txt-records.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { emailContextOf, renderEmail } from "../mail/render.ts";
import { asQuotedData } from "../mail/user-text.ts";
import { hashSecret } from "../sessions/service.ts";
import { displayNameOf, recordFirmEvent } from "./audit.ts";
import { domainViewOf, findDomainProof, recordProofFinding } from "./domain-proof.ts";
import { checkClaimableDomain, domainOf } from "./domains.ts";
import { cancelFirmBilling, createFirmCheckoutSession, createFirmPortalSession } from "./firm-billing.ts";
import { endSessionsRefusedByPolicy, endSessionsRefusedOnJoin } from "./live-sessions.ts";
import { FIRM_NAME_SKELETON_KEY, getFirmNameSkeleton } from "./name-skeleton.ts";
import { refusals } from "./refusals.ts";
import {
  checkSeatForInvitation,
  checkSeatForJoin,
  countMembers,
  firmBillingOf,
  giveFreedSeats,
  isFirmRowSeated,
  isPayingPersonalPlan,
} from "./seats.ts";

/** What every firm operation needs: the database, the settings, the time, and who is asking. */
export interface FirmContext {
  db: AppDatabase;
  config: AppConfig;
  now: Date;
  userId: number;
}

type FirmRow = typeof firms.$inferSelect;
type UserRow = typeof users.$inferSelect;

const isAdminRole = (role: FirmRole) => role === "owner" || role === "admin";

const policiesOf = (firm: FirmRow): FirmPolicies => ({
  matterCodes: firm.matterCodes,
  matterMask: firm.matterMask,
  requireTwoStep: firm.requireTwoStep,
  signInMethods: firm.signInMethods as FirmPolicies["signInMethods"],
});

/** A firm's name or a person's, as an email repeats it: plain data (decision 036). */
const quoted = (text: string) => asQuotedData(text, 100);

async function readUser(tx: AppDatabase, userId: number): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} of a live session does not exist`);
  return user;
}

/**
 * The caller's membership and firm, the firm's row locked: every change to a firm's members, roles or settings
 * takes that lock first, so two owners leaving at once cannot both be "not the last one".
 */
async function lockCallerFirm(tx: AppDatabase, userId: number, { isReadOnly = false } = {}) {
  const [membership] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
  if (!membership) throw refusals.notInFirm();
  const firmQuery = tx.select().from(firms).where(eq(firms.id, membership.firmId));
  // A read needs no lock: it changes nothing another request could count on.
  const [firm] = isReadOnly ? await firmQuery : await firmQuery.for("update");
  if (!firm) throw refusals.notInFirm();
  if (isReadOnly) return { firm, role: membership.role };
  // Read again under the lock: a removal committed while we waited leaves no membership to act on.
  const [current] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
  if (!current || current.firmId !== firm.id) throw refusals.notInFirm();
  return { firm, role: current.role };
}

async function lockCallerFirmAsAdmin(tx: AppDatabase, userId: number, options: { isReadOnly?: boolean } = {}) {
  const locked = await lockCallerFirm(tx, userId, options);
  if (!isAdminRole(locked.role)) throw refusals.adminsOnly();
  return locked;
}

async function countOwners(tx: AppDatabase, firmId: number) {
  const [row] = await tx
    .select({ owners: count() })
    .from(firmMemberships)
    .where(and(eq(firmMemberships.firmId, firmId), eq(firmMemberships.role, "owner")));
  return row?.owners ?? 0;
}

async function toFirmView(tx: AppDatabase, firm: FirmRow, role: FirmRole, now: Date): Promise<Firm> {
  const [row] = await tx.select({ members: count() }).from(firmMemberships).where(eq(firmMemberships.firmId, firm.id));
  const memberCount = row?.members ?? 0;
  return {
    id: firm.id,
    name: firm.name,
    role,
    policies: policiesOf(firm),
    memberCount,
    createdAt: firm.createdAt.toISOString(),
    // The seats are the owners' and admins' business; a member's view has none of it.
    ...(isAdminRole(role) ? { billing: await firmBillingOf(tx, firm, memberCount, now) } : {}),
  };
}

/** Runs a firm change in one transaction; a FirmRefusal thrown inside rolls everything back. */
const inTransaction = <T>(db: AppDatabase, work: (tx: AppDatabase) => Promise<T>) =>
  db.transaction(async (tx) => work(tx));

// ---------------------------------------------------------------------------------------------------------------
// The firm

/** `POST /api/firms`: a verified account in no firm creates one and becomes its owner. */
export async function createFirm(context: FirmContext, name: string): Promise<FirmResponse> {
  const { db, now, userId } = context;
  try {
    return await inTransaction(db, async (tx) => {
      const user = await readUser(tx, userId);
      if (!user.emailVerifiedAt) throw refusals.emailNotVerified();
      const [existing] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
      if (existing) throw refusals.alreadyInFirm();
      const [firm] = await tx
        .insert(firms)
        .values({ name, nameSkeleton: getFirmNameSkeleton(name), createdAt: now, updatedAt: now })
        .returning();
      if (!firm) throw new Error("the firm was not inserted");
      await tx
        .insert(firmMemberships)
        .values({ userId, firmId: firm.id, role: "owner", joinedBy: "creation", joinedAt: now });
      await recordFirmEvent(tx, {
        firmId: firm.id,
        event: "firm_created",
        actorUserId: userId,
        details: { name },
        now,
      });
      return { firm: await toFirmView(tx, firm, "owner", now) };
    });
  } catch (error) {
    // Two creations at once by the same account: the membership's key lets one through.
    if (getViolatedUniqueConstraint(error) === "firm_memberships_pkey") throw refusals.alreadyInFirm();
    if (getViolatedUniqueConstraint(error) === FIRM_NAME_SKELETON_KEY) throw refusals.firmNameLookAlike();
    throw error;
  }
}

/** A rename to another firm's name, or to one that looks the same (the skeleton's unique index), is refused. */
async function refusingLookAlikeName<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (getViolatedUniqueConstraint(error) === FIRM_NAME_SKELETON_KEY) throw refusals.firmNameLookAlike();
    throw error;
  }
}

/**
 * `GET /api/firm`: the caller's firm and role; without one, the firm whose `suggest` (or `automatic`) domain is the
 * caller's verified address's, as a suggestion to join, once DNS has proven the domain is that firm's.
 */
export async function getFirm(db: AppDatabase, userId: number, now: Date): Promise<FirmResponse> {
  const [row] = await db
    .select({ firm: firms, role: firmMemberships.role })
    .from(firmMemberships)
    .innerJoin(firms, eq(firms.id, firmMemberships.firmId))
    .where(eq(firmMemberships.userId, userId))
    .limit(1);
  if (row) return { firm: await toFirmView(db, row.firm, row.role, now) };
  const user = await readUser(db, userId);
  if (!user.emailVerifiedAt) return { firm: null, suggestion: null };
  const [suggested] = await db
    .select({ firmId: firms.id, name: firms.name, joinMode: firmDomains.joinMode })
    .from(firmDomains)
    .innerJoin(firms, eq(firms.id, firmDomains.firmId))
    .where(and(eq(firmDomains.domain, domainOf(user.email)), isNotNull(firmDomains.provenAt)))
    .limit(1);
  return {
    firm: null,
    suggestion:
      suggested && suggested.joinMode !== "invitation" ? { firmId: suggested.firmId, name: suggested.name } : null,
  };
}

/** `PATCH /api/firm`: owners and admins rename the firm or change its policies; each change is in the trail. */
export async function updateFirm(
  context: FirmContext,
  change: { name?: string | undefined; policies?: FirmPoliciesUpdate | undefined },
): Promise<FirmResponse> {
  const { db, now, userId } = context;
  return refusingLookAlikeName(() =>
    inTransaction(db, async (tx) => {
      const { firm, role } = await lockCallerFirmAsAdmin(tx, userId);
      const before = policiesOf(firm);
      const policies = { ...before, ...change.policies };
      const changedPolicies = (Object.keys(policies) as (keyof FirmPolicies)[]).filter(
        (key) => JSON.stringify(policies[key]) !== JSON.stringify(before[key]),
      );
      if (changedPolicies.includes("signInMethods")) {
        await refuseLockingOut(tx, context.config, userId, policies.signInMethods);
      }
      const isRenamed = change.name !== undefined && change.name !== firm.name;
      if (!isRenamed && changedPolicies.length === 0) return { firm: await toFirmView(tx, firm, role, now) };
      const [updated] = await tx
        .update(firms)
        .set({
          name: change.name ?? firm.name,
          // A firm older than the column whose look another had keeps none until it is renamed (name-skeleton.ts).
          nameSkeleton: isRenamed ? getFirmNameSkeleton(change.name ?? firm.name) : firm.nameSkeleton,
          matterCodes: policies.matterCodes,
          matterMask: policies.matterMask,
          requireTwoStep: policies.requireTwoStep,
          signInMethods: policies.signInMethods,
          updatedAt: now,
        })
        .where(eq(firms.id, firm.id))
        .returning();
      if (!updated) throw new Error("the locked firm was not updated");
      if (isRenamed) {
        await recordFirmEvent(tx, {
          firmId: firm.id,
          event: "firm_renamed",
          actorUserId: userId,
          details: { from: firm.name, to: updated.name },
          now,
        });
      }
      // The new sign-in methods reach live sessions at once, in this transaction (decision 043).
      if (changedPolicies.includes("signInMethods")) {
        await endSessionsRefusedByPolicy(tx, { firmId: firm.id, signInMethods: policies.signInMethods, now });
      }
      for (const key of changedPolicies) {
        await recordFirmEvent(tx, {
          firmId: firm.id,
          event: "policy_changed",
          actorUserId: userId,
          details: { policy: key, from: JSON.stringify(before[key]), to: JSON.stringify(policies[key]) },
          now,
        });
      }
      return { firm: await toFirmView(tx, updated, role, now) };
    }),
  );
}

/**
 * Refuses allowed sign-in methods that would leave the admin saving them unable to sign in (issue 56, finding 2):
 * none this site offers (Google and Microsoft need Firebase configured), or none of hers. Her password method is
 * hers when the account has a password or a passkey; Google or Microsoft, when one of that provider's identities
 * is linked to it, which a first sign-in with it does.
 */
async function refuseLockingOut(tx: AppDatabase, config: AppConfig, userId: number, methods: readonly SignInMethod[]) {
  const isSsoOffered = config.client.sso.isConfigured;
  const offered = methods.filter((method) => method === "password" || isSsoOffered);
  if (offered.length === 0) throw refusals.methodsNotOffered();
  const [account] = await tx
    .select({
      hasPassword: sql<boolean>`${users.passwordHash} is not null or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const identities = await tx
    .select({ provider: userIdentities.provider })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  const providers = new Set(identities.map((identity) => identity.provider));
  const isUsable = (method: SignInMethod) =>
    method === "password"
      ? account?.hasPassword === true
      : providers.has(method === "google" ? "google.com" : "microsoft.com");
  if (!offered.some(isUsable)) throw refusals.policyLocksYouOut();
}

/**
 * `DELETE /api/firm`: the owner closes the firm. Every membership, invitation, domain and trail entry goes with it;
 * the members' own accounts stay, and each member but the owner is emailed.
 */
export async function deleteFirm(context: FirmContext): Promise<void> {
  const { db, config, now, userId } = context;
  await inTransaction(db, async (tx) => {
    const { firm, role } = await lockCallerFirm(tx, userId);
    if (role !== "owner") throw refusals.ownersOnly();
    // The firm's Stripe subscription is cancelled before its rows go, so no seat is billed after; a refusal keeps it.
    await cancelFirmBilling(config, firm);
    const members = await tx
      .select({ user: users })
      .from(firmMemberships)
      .innerJoin(users, eq(users.id, firmMemberships.userId))
      .where(eq(firmMemberships.firmId, firm.id));
    await tx.delete(firms).where(eq(firms.id, firm.id));
    for (const { user } of members) {
      if (user.id === userId) continue;
      await enqueueAccountEmail(tx, config, user, "firmDeleted", { firmName: quoted(firm.name) }, now);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Members

/** `GET /api/firm/members`: owners and admins see who is in the firm, with their address and role; nothing else. */
export async function listMembers(context: FirmContext): Promise<FirmMember[]> {
  const { db, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId, { isReadOnly: true });
    return readMembers(tx, firm.id);
  });
}

/** The firm's members, read in the transaction of a change, so the answer shows the change even to an admin who has
 *  just made themselves a member. */
async function readMembers(tx: AppDatabase, firmId: number): Promise<FirmMember[]> {
  const rows = await tx
    .select({ membership: firmMemberships, user: users })
    .from(firmMemberships)
    .innerJoin(users, eq(users.id, firmMemberships.userId))
    .where(eq(firmMemberships.firmId, firmId))
    .orderBy(asc(firmMemberships.joinedAt), asc(firmMemberships.userId));
  return rows.map(({ membership, user }) => ({
    userId: user.id,
    email: user.email,
    name: displayNameOf(user),
    role: membership.role,
    joinedAt: membership.joinedAt.toISOString(),
  }));
}

async function lockMember(tx: AppDatabase, firmId: number, memberUserId: number) {
  const [member] = await tx
    .select({ membership: firmMemberships, user: users })
    .from(firmMemberships)
    .innerJoin(users, eq(users.id, firmMemberships.userId))
    .where(and(eq(firmMemberships.userId, memberUserId), eq(firmMemberships.firmId, firmId)))
    .limit(1);
  // Another firm's member, or nobody: the same answer, so no id says anything about another firm.
  if (!member) throw refusals.noSuchMember();
  return member;
}

/**
 * `PATCH /api/firm/members/{userId}`: owners and admins move members between admin and member; only an owner gives
 * or takes the owner role, and the last owner keeps it.
 */
export async function changeMemberRole(context: FirmContext, memberUserId: number, newRole: FirmRole) {
  const { db, now, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm, role } = await lockCallerFirmAsAdmin(tx, userId);
    const { membership } = await lockMember(tx, firm.id, memberUserId);
    if ((membership.role === "owner" || newRole === "owner") && role !== "owner") throw refusals.ownersOnly();
    if (membership.role === newRole) return readMembers(tx, firm.id);
    if (membership.role === "owner" && (await countOwners(tx, firm.id)) <= 1) throw refusals.lastOwner();
    await tx.update(firmMemberships).set({ role: newRole }).where(eq(firmMemberships.userId, memberUserId));
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "role_changed",
      actorUserId: userId,
      subjectUserId: memberUserId,
      details: { from: membership.role, to: newRole },
      now,
    });
    return readMembers(tx, firm.id);
  });
}

/** `DELETE /api/firm/members/{userId}`: owners and admins remove a member (an owner only by an owner). */
export async function removeMember(context: FirmContext, memberUserId: number) {
  const { db, config, now, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm, role } = await lockCallerFirmAsAdmin(tx, userId);
    const { membership, user } = await lockMember(tx, firm.id, memberUserId);
    if (memberUserId === userId) {
      throw refusals.removingSelf();
    }
    if (membership.role === "owner" && role !== "owner") throw refusals.ownersOnly();
    await tx.delete(firmMemberships).where(eq(firmMemberships.userId, memberUserId));
    // A seat it held goes to the next member without one.
    await giveFreedSeats(tx, firm, now);
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "member_removed",
      actorUserId: userId,
      subjectUserId: memberUserId,
      details: { role: membership.role },
      now,
    });
    await enqueueAccountEmail(tx, config, user, "firmMemberRemoved", { firmName: quoted(firm.name) }, now);
    return readMembers(tx, firm.id);
  });
}

/** `POST /api/firm/leave`: anyone leaves, but the last owner, who first names another owner or closes the firm. */
export async function leaveFirm(context: FirmContext) {
  return inTransaction(context.db, (tx) => leaveFirmIn({ ...context, db: tx }));
}

/**
 * Leaving, inside the caller's transaction (`context.db`): by the signed-in route, or by an emailed link (leave-link.ts)
 * that checks its token in the same transaction. Returns the firm left.
 */
export async function leaveFirmIn(context: FirmContext) {
  const { db: tx, config, now, userId } = context;
  {
    const { firm, role } = await lockCallerFirm(tx, userId);
    if (role === "owner" && (await countOwners(tx, firm.id)) <= 1) throw refusals.lastOwner();
    await tx.delete(firmMemberships).where(eq(firmMemberships.userId, userId));
    // A seat it held goes to the next member without one.
    await giveFreedSeats(tx, firm, now);
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "member_left",
      actorUserId: userId,
      subjectUserId: userId,
      details: { role },
      now,
    });
    const user = await readUser(tx, userId);
    await enqueueAccountEmail(tx, config, user, "firmMemberLeft", { firmName: quoted(firm.name) }, now);
    return firm;
  }
}

/** `POST /api/firm/transfer`: an owner hands ownership to another member and becomes an admin. */
export async function transferOwnership(context: FirmContext, newOwnerUserId: number): Promise<FirmResponse> {
  const { db, now, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm, role } = await lockCallerFirm(tx, userId);
    if (role !== "owner") throw refusals.ownersOnly();
    if (newOwnerUserId === userId) throw refusals.alreadyOwner();
    const { membership } = await lockMember(tx, firm.id, newOwnerUserId);
    await tx.update(firmMemberships).set({ role: "owner" }).where(eq(firmMemberships.userId, newOwnerUserId));
    await tx.update(firmMemberships).set({ role: "admin" }).where(eq(firmMemberships.userId, userId));
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "ownership_transferred",
      actorUserId: userId,
      subjectUserId: newOwnerUserId,
      details: { previousRole: membership.role },
      now,
    });
    return { firm: await toFirmView(tx, firm, "admin", now) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Invitations

const toInvitationView = (row: typeof firmInvitations.$inferSelect, now: Date): FirmInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  isExpired: row.expiresAt <= now,
});

/** `GET /api/firm/invitations`: the open ones (neither accepted nor revoked), expired ones included, to resend. */
export async function listInvitations(context: FirmContext): Promise<FirmInvitation[]> {
  const { db, now, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId, { isReadOnly: true });
    const rows = await tx
      .select()
      .from(firmInvitations)
      .where(
        and(eq(firmInvitations.firmId, firm.id), isNull(firmInvitations.acceptedAt), isNull(firmInvitations.revokedAt)),
      )
      .orderBy(desc(firmInvitations.sentAt), desc(firmInvitations.id));
    return rows.map((row) => toInvitationView(row, now));
  });
}

/** The link an invitation carries: the web app's join screen, with the token in the query. */
export const invitationLinkOf = (config: AppConfig, token: string) =>
  `${config.publicUrl}/firm/join?token=${encodeURIComponent(token)}`;

/**
 * `POST /api/firm/invitations`: owners and admins invite an address with a role. Inviting an address that already
 * has an open invitation from the firm is the resend: the same row gets a new token and seven days from now, and
 * the old link stops working. The email is in the invitee's language when they have an account, else the inviter's.
 */
export async function inviteToFirm(
  context: FirmContext,
  invitation: { email: string; role: "admin" | "member" },
): Promise<FirmInvitation> {
  const { db, config, now, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId);
    const inviter = await readUser(tx, userId);
    const [invitee] = await tx.select().from(users).where(eq(users.email, invitation.email)).limit(1);
    if (invitee) {
      const [isMember] = await tx
        .select({ userId: firmMemberships.userId })
        .from(firmMemberships)
        .where(and(eq(firmMemberships.userId, invitee.id), eq(firmMemberships.firmId, firm.id)))
        .limit(1);
      if (isMember) throw refusals.inviteeAlreadyMember();
    }
    await checkSeatForInvitation(tx, firm, now, invitation.email);
    const token = randomBytes(32).toString("base64url");
    const expiresAt = addDays(now, INVITATION_VALID_DAYS);
    const [open] = await tx
      .select()
      .from(firmInvitations)
      .where(
        and(
          eq(firmInvitations.firmId, firm.id),
          eq(firmInvitations.email, invitation.email),
          isNull(firmInvitations.acceptedAt),
          isNull(firmInvitations.revokedAt),
        ),
      )
      .for("update");
    const values = {
      tokenHash: hashSecret(token),
      role: invitation.role,
      invitedByUserId: userId,
      sentAt: now,
      expiresAt,
    };
    const [row] = open
      ? await tx.update(firmInvitations).set(values).where(eq(firmInvitations.id, open.id)).returning()
      : await tx
          .insert(firmInvitations)
          .values({ ...values, firmId: firm.id, email: invitation.email, createdAt: now })
          .returning();
    if (!row) throw new Error("the invitation was not written");
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: open ? "invitation_resent" : "invitation_sent",
      actorUserId: userId,
      details: { email: invitation.email, role: invitation.role },
      now,
    });
    const language: Language = invitee?.locale ?? inviter.locale;
    const email = renderEmail("firmInvitation", language, emailContextOf(config), {
      inviterName: quoted(displayNameOf(inviter)),
      firmName: quoted(firm.name),
      role: invitation.role,
      link: invitationLinkOf(config, token),
      validDays: INVITATION_VALID_DAYS,
    });
    await enqueueEmail(tx, invitation.email, email, now);
    return toInvitationView(row, now);
  });
}

/** `DELETE /api/firm/invitations/{id}`: owners and admins revoke an open invitation of their firm. */
export async function revokeInvitation(context: FirmContext, invitationId: number) {
  const { db, now, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId);
    const [revoked] = await tx
      .update(firmInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(firmInvitations.id, invitationId),
          eq(firmInvitations.firmId, firm.id),
          isNull(firmInvitations.acceptedAt),
          isNull(firmInvitations.revokedAt),
        ),
      )
      .returning();
    if (!revoked) throw refusals.noSuchInvitation();
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "invitation_revoked",
      actorUserId: userId,
      details: { email: revoked.email, role: revoked.role },
      now,
    });
  });
}

/**
 * `POST /api/firm/invitations/accept`: only the account whose verified address is the invited one joins, once.
 * Anyone else is refused without a word about whom the invitation was for, and the invitation stays open. The
 * invitation is spent by a conditional update, so of several accepts at once exactly one joins.
 */
export async function acceptInvitation(context: FirmContext, token: string): Promise<FirmResponse> {
  const { db, now, userId } = context;
  try {
    return await inTransaction(db, async (tx) => {
      const [invitation] = await tx
        .select()
        .from(firmInvitations)
        .where(eq(firmInvitations.tokenHash, hashSecret(token)))
        .limit(1);
      if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw refusals.invitationNotValid();
      const user = await readUser(tx, userId);
      if (user.email !== invitation.email) {
        throw refusals.invitationForAnotherAddress();
      }
      if (!user.emailVerifiedAt) throw refusals.emailNotVerified();
      if (invitation.expiresAt <= now) {
        throw refusals.invitationExpired();
      }
      const [membership] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
      if (membership?.firmId === invitation.firmId) {
        throw refusals.alreadyInThisFirm();
      }
      if (membership) throw refusals.alreadyInFirm();
      const [firm] = await tx.select().from(firms).where(eq(firms.id, invitation.firmId)).for("update");
      if (!firm) throw refusals.invitationNotValid();
      // Under the firm's lock: concurrent accepts count each other, and only the free seats are taken.
      await checkSeatForJoin(tx, firm, now);
      const [spent] = await tx
        .update(firmInvitations)
        .set({ acceptedAt: now, acceptedByUserId: userId })
        .where(
          and(
            eq(firmInvitations.id, invitation.id),
            isNull(firmInvitations.acceptedAt),
            isNull(firmInvitations.revokedAt),
          ),
        )
        .returning({ id: firmInvitations.id });
      if (!spent) throw refusals.invitationNotValid();
      await tx
        .insert(firmMemberships)
        .values({ userId, firmId: firm.id, role: invitation.role, joinedBy: "invitation", joinedAt: now });
      // Under the firm's policy from now on, sessions included (decision 043).
      await endSessionsRefusedOnJoin(tx, { firmId: firm.id, userId, now });
      await recordFirmEvent(tx, {
        firmId: firm.id,
        event: "invitation_accepted",
        actorUserId: userId,
        subjectUserId: userId,
        details: { email: invitation.email, role: invitation.role },
        now,
      });
      return {
        firm: await toFirmView(tx, firm, invitation.role, now),
        ...(await personalPlanNotice(tx, firm, userId, now)),
      };
    });
  } catch (error) {
    // The same account accepting two invitations at once: its membership's key lets one through.
    if (getViolatedUniqueConstraint(error) === "firm_memberships_pkey") throw refusals.alreadyInFirm();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Domains

export async function listDomains(context: FirmContext): Promise<FirmDomain[]> {
  const { db, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId, { isReadOnly: true });
    const rows = await tx
      .select()
      .from(firmDomains)
      .where(eq(firmDomains.firmId, firm.id))
      .orderBy(asc(firmDomains.domain));
    return rows.map(domainViewOf);
  });
}

/**
 * `POST /api/firm/domains`: an owner or admin adds the domain of their own verified address, unless it is a public
 * or internet provider's or a school's, by invitation (suggest and automatic wait for the DNS proof). The domain is
 * the table's key, so of two firms claiming it at once one gets it.
 */
export async function addDomain(context: FirmContext, request: Required<AddFirmDomainRequest>): Promise<FirmDomain> {
  const { db, config, now, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId);
    checkClaimableDomain(request.domain, await readUser(tx, userId), config.verification.academicEmailDomains);
    // A new claim has no DNS proof yet: it starts by invitation, and its record is then published and checked.
    if (isProofNeededFor(request.joinMode)) throw refusals.domainNotProven(request.domain);
    const [added] = await tx
      .insert(firmDomains)
      .values({
        domain: request.domain,
        firmId: firm.id,
        joinMode: request.joinMode,
        addedByUserId: userId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: firmDomains.domain })
      .returning();
    if (!added) {
      const [holder] = await tx
        .select({ firmId: firmDomains.firmId })
        .from(firmDomains)
        .where(eq(firmDomains.domain, request.domain));
      throw holder?.firmId === firm.id ? refusals.domainAddedByThisFirm() : refusals.domainAddedByAnotherFirm();
    }
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "domain_added",
      actorUserId: userId,
      details: { domain: added.domain, joinMode: added.joinMode },
      now,
    });
    return domainViewOf(added);
  });
}

export async function updateDomain(
  context: FirmContext,
  domain: string,
  joinMode: DomainJoinMode,
): Promise<FirmDomain> {
  const { db, now, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId);
    const [current] = await tx
      .select()
      .from(firmDomains)
      .where(and(eq(firmDomains.domain, domain), eq(firmDomains.firmId, firm.id)));
    if (!current) throw refusals.noSuchDomain();
    if (current.joinMode === joinMode) return domainViewOf(current);
    if (isProofNeededFor(joinMode) && !current.provenAt) throw refusals.domainNotProven(domain);
    const [updated] = await tx.update(firmDomains).set({ joinMode }).where(eq(firmDomains.domain, domain)).returning();
    if (!updated) throw refusals.noSuchDomain();
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "domain_changed",
      actorUserId: userId,
      details: { domain, from: current.joinMode, to: joinMode },
      now,
    });
    return domainViewOf(updated);
  });
}

/**
 * `POST /api/firm/domains/{domain}/check`: an owner or admin has the domain's TXT record looked up now. The lookup
 * runs outside any transaction (DNS may take seconds), then its finding is written under the firm's lock, as the
 * daily check writes it (domain-proof.ts). No answer from DNS is a refusal that changes nothing.
 */
export async function checkDomain(context: FirmContext, lookup: TxtLookupFunction, domain: string) {
  const { db, config, now, userId } = context;
  const claim = await inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId, { isReadOnly: true });
    const [row] = await tx
      .select()
      .from(firmDomains)
      .where(and(eq(firmDomains.domain, domain), eq(firmDomains.firmId, firm.id)));
    if (!row) throw refusals.noSuchDomain();
    return row;
  });
  const finding = await findDomainProof(lookup, claim);
  if (finding === "unanswered") throw refusals.dnsUnavailable();
  return inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId);
    const row = await recordProofFinding(tx, config, { ...claim, firmId: firm.id }, finding, {
      actorUserId: userId,
      now,
    });
    if (!row) throw refusals.noSuchDomain();
    return { domain: domainViewOf(row), isRecordFound: finding === "found" };
  });
}

export async function removeDomain(context: FirmContext, domain: string) {
  const { db, now, userId } = context;
  return inTransaction(db, async (tx) => {
    const { firm } = await lockCallerFirmAsAdmin(tx, userId);
    const [removed] = await tx
      .delete(firmDomains)
      .where(and(eq(firmDomains.domain, domain), eq(firmDomains.firmId, firm.id)))
      .returning();
    if (!removed) throw refusals.noSuchDomain();
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "domain_removed",
      actorUserId: userId,
      details: { domain, joinMode: removed.joinMode },
      now,
    });
  });
}

/** The caller's firm, for the trail: owners and admins only. */
export async function getAdminFirmId(context: FirmContext) {
  const { db, userId } = context;
  return inTransaction(db, async (tx) => (await lockCallerFirmAsAdmin(tx, userId, { isReadOnly: true })).firm.id);
}

/** On joining a seated firm while paying for a personal plan: the answer says so (the join screen explains). */
export async function personalPlanNotice(tx: AppDatabase, firm: FirmRow, userId: number, now: Date) {
  return isFirmRowSeated(firm, now) && (await isPayingPersonalPlan(tx, userId, now))
    ? { personalPlanCovered: true as const }
    : {};
}

// ---------------------------------------------------------------------------------------------------------------
// Seats and billing

/**
 * `POST /api/firm/checkout`: the owner buys `seats` seats, at least one for each current member, through a Stripe
 * Checkout session; the webhooks then keep the firm's seats and status. A firm whose subscription still runs changes
 * its seats in the customer portal instead, where Stripe prorates, rather than buying a second subscription.
 */
export async function startFirmCheckout(context: FirmContext, seats: number): Promise<{ url: string }> {
  const { db, config, userId } = context;
  const { firm, ownerEmail } = await inTransaction(db, async (tx) => {
    const { firm, role } = await lockCallerFirm(tx, userId, { isReadOnly: true });
    if (role !== "owner") throw refusals.ownersOnly();
    if (firm.stripeSubscriptionId && !hasSubscriptionEnded(firm)) {
      throw refusals.subscriptionRunning();
    }
    const members = await countMembers(tx, firm.id);
    if (seats < members) {
      throw refusals.tooFewSeats(members);
    }
    return { firm, ownerEmail: (await readUser(tx, userId)).email };
  });
  return { url: await createFirmCheckoutSession(config, firm, seats, ownerEmail) };
}

/** `POST /api/firm/billing-portal`: the owner manages the firm's subscription (seats, card, invoices, cancel). */
export async function openFirmBillingPortal(context: FirmContext): Promise<{ url: string }> {
  const { db, config, userId } = context;
  const firm = await inTransaction(db, async (tx) => {
    const { firm, role } = await lockCallerFirm(tx, userId, { isReadOnly: true });
    if (role !== "owner") throw refusals.ownersOnly();
    return firm;
  });
  return { url: await createFirmPortalSession(config, firm) };
}

/** Stripe's statuses of a subscription over for good: the firm may buy again. */
const hasSubscriptionEnded = (firm: FirmRow) =>
  firm.subscriptionStatus !== null && ["canceled", "incomplete_expired"].includes(firm.subscriptionStatus);
