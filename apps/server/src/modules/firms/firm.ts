import type { Firm, FirmPoliciesUpdate, FirmResponse, FirmRole } from "@precis/contract/firms";
import { and, count, eq, isNotNull } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firmDomains, firmMemberships, firms, users } from "../../db/schema/index.ts";
import { getViolatedUniqueConstraint } from "../../lib/database-errors.ts";
import { transactionOutcome } from "../../lib/transaction-outcome.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { recordFirmEvent } from "./audit.ts";
import { type FirmContext, type FirmRow, inCallerFirm, isAdminRole, quoted, readUser } from "./caller-firm.ts";
import { domainOf } from "./domains.ts";
import { cancelFirmBilling } from "./firm-billing.ts";
import { FIRM_NAME_SKELETON_KEY, getFirmNameSkeleton } from "./name-skeleton.ts";
import { changePolicies, checkMethodsKeepCallerIn, policiesOf, recordPolicyChanges } from "./policies.ts";
import { firmBillingOf } from "./seats.ts";

/* The firm itself: creating it, reading it, renaming it or changing its policies, and closing it. */

/** The firm as a member of it sees it; the seats only for its owners and admins. */
export async function toFirmView(tx: AppDatabase, firm: FirmRow, role: FirmRole, now: Date): Promise<Firm> {
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

/** A name another firm has, or one that looks the same (the skeleton's unique index): the refusal, else null. */
const nameRefusalOf = (error: unknown) =>
  getViolatedUniqueConstraint(error) === FIRM_NAME_SKELETON_KEY ? ({ outcome: "firmNameLookAlike" } as const) : null;

/** `POST /api/firms`: a verified account in no firm creates one and becomes its owner. */
export async function createFirm(context: FirmContext, name: string) {
  const { db, now, userId } = context;
  try {
    return await transactionOutcome(db, ["created"], async (tx) => {
      const user = await readUser(tx, userId);
      if (!user.emailVerifiedAt) return { outcome: "emailNotVerified" } as const;
      const [existing] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
      if (existing) return { outcome: "alreadyInFirm" } as const;
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
      return { outcome: "created" as const, firm: await toFirmView(tx, firm, "owner", now) };
    });
  } catch (error) {
    // Two creations at once by the same account: the membership's key lets one through.
    if (getViolatedUniqueConstraint(error) === "firm_memberships_pkey") return { outcome: "alreadyInFirm" } as const;
    const nameRefusal = nameRefusalOf(error);
    if (nameRefusal) return nameRefusal;
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
) {
  const { config, now, userId } = context;
  try {
    return await inCallerFirm(context, { needs: "admin", commits: ["updated"] }, async (caller) => {
      const { tx, firm, role } = caller;
      const policies = changePolicies(firm, change.policies);
      if (policies.changed.includes("signInMethods")) {
        const lockedOut = await checkMethodsKeepCallerIn(tx, config, userId, policies.after.signInMethods);
        if (lockedOut) return lockedOut;
      }
      const isRenamed = change.name !== undefined && change.name !== firm.name;
      if (!isRenamed && policies.changed.length === 0) {
        return { outcome: "updated" as const, firm: await toFirmView(tx, firm, role, now) };
      }
      const [updated] = await tx
        .update(firms)
        .set({
          name: change.name ?? firm.name,
          // A firm older than the column whose look another had keeps none until it is renamed (name-skeleton.ts).
          nameSkeleton: isRenamed ? getFirmNameSkeleton(change.name ?? firm.name) : firm.nameSkeleton,
          matterCodes: policies.after.matterCodes,
          matterMask: policies.after.matterMask,
          requireTwoStep: policies.after.requireTwoStep,
          signInMethods: policies.after.signInMethods,
          updatedAt: now,
        })
        .where(eq(firms.id, firm.id))
        .returning();
      if (!updated) throw new Error("the locked firm was not updated");
      if (isRenamed) await caller.record("firm_renamed", { from: firm.name, to: updated.name });
      await recordPolicyChanges(caller, policies, now);
      return { outcome: "updated" as const, firm: await toFirmView(tx, updated, role, now) };
    });
  } catch (error) {
    const nameRefusal = nameRefusalOf(error);
    if (nameRefusal) return nameRefusal;
    throw error;
  }
}

/**
 * `DELETE /api/firm`: the owner closes the firm. Every membership, invitation, domain and trail entry goes with it;
 * the members' own accounts stay, and each member but the owner is emailed.
 */
export function deleteFirm(context: FirmContext) {
  const { config, now, userId } = context;
  return inCallerFirm(context, { needs: "owner", commits: ["deleted"] }, async ({ tx, firm }) => {
    // The firm's Stripe subscription is cancelled before its rows go, so no seat is billed after; a refusal keeps it.
    const billingRefusal = await cancelFirmBilling(config, firm);
    if (billingRefusal) return billingRefusal;
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
    return { outcome: "deleted" } as const;
  });
}
