import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppDatabase } from "../../db/client.ts";
import { firmAuditEvents, firmMatterUsage, firmMemberships, firms } from "../../db/schema/index.ts";
import { recordFirmEvent } from "./audit.ts";
import { cancelFirmSubscription } from "./firm-billing.ts";

/**
 * What the data export says of the person's firm (decision 025): the firm, their role and when they joined, and
 * their memo counts by client matter. Never another member's data.
 */
export async function exportFirmMembership(db: AppDatabase, userId: number) {
  const [membership] = await db
    .select({ name: firms.name, role: firmMemberships.role, joinedAt: firmMemberships.joinedAt })
    .from(firmMemberships)
    .innerJoin(firms, eq(firms.id, firmMemberships.firmId))
    .where(eq(firmMemberships.userId, userId));
  const matterUsage = await db
    .select({ month: firmMatterUsage.month, matter: firmMatterUsage.matter, memoCount: firmMatterUsage.memoCount })
    .from(firmMatterUsage)
    .where(eq(firmMatterUsage.userId, userId))
    .orderBy(asc(firmMatterUsage.month), asc(firmMatterUsage.matter));
  return {
    firm: membership
      ? { name: membership.name, role: membership.role, joinedAt: membership.joinedAt.toISOString() }
      : null,
    firmMatterUsage: matterUsage,
  };
}

/**
 * Before an account's deletion (privacy/deletion.ts, beside its own Stripe customers): when the person is the last
 * one in their firm, the deletion will close it, so its subscription is cancelled first, and a refusal by Stripe
 * leaves the account to be tried again later, as a person's own customer does. No firm goes on being billed.
 */
export async function cancelBillingOfFirmLeftEmpty(db: AppDatabase, stripe: Stripe | null, userId: number) {
  const [membership] = await db.select().from(firmMemberships).where(eq(firmMemberships.userId, userId));
  if (!membership) return;
  const [firm] = await db.select().from(firms).where(eq(firms.id, membership.firmId));
  const others = await db
    .select({ userId: firmMemberships.userId })
    .from(firmMemberships)
    .where(and(eq(firmMemberships.firmId, membership.firmId), ne(firmMemberships.userId, userId)))
    .limit(1);
  if (firm && others.length === 0) await cancelFirmSubscription(stripe, firm);
}

/**
 * A deleted account leaves its firm, in the deletion's transaction (decision 037). A firm always keeps an owner: when
 * the person was its last, the longest-standing admin becomes owner, else the longest-standing member; a firm with
 * nobody else in it is closed. Refusing the deletion instead would let a firm hold a person's erasure hostage. The
 * firm's trail keeps the events without the person (their rows set to null by the foreign keys), and loses any
 * address of theirs it held.
 */
export async function leaveFirmOnAccountDeletion(tx: AppDatabase, userId: number, addresses: string[], now: Date) {
  await tx
    .update(firmAuditEvents)
    .set({ details: sql`${firmAuditEvents.details} - 'email'` })
    .where(inArray(sql`${firmAuditEvents.details}->>'email'`, addresses));
  const [membership] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId));
  if (!membership) return;
  await tx.select({ id: firms.id }).from(firms).where(eq(firms.id, membership.firmId)).for("update");
  const others = await tx
    .select()
    .from(firmMemberships)
    .where(and(eq(firmMemberships.firmId, membership.firmId), ne(firmMemberships.userId, userId)))
    .orderBy(asc(firmMemberships.joinedAt), asc(firmMemberships.userId));
  if (others.length === 0) {
    await tx.delete(firms).where(eq(firms.id, membership.firmId));
    return;
  }
  await tx.delete(firmMemberships).where(eq(firmMemberships.userId, userId));
  await recordFirmEvent(tx, {
    firmId: membership.firmId,
    event: "member_left",
    actorUserId: null,
    details: { role: membership.role, reason: "account_deleted" },
    now,
  });
  const isLastOwner = membership.role === "owner" && !others.some((other) => other.role === "owner");
  if (!isLastOwner) return;
  const successor = others.find((other) => other.role === "admin") ?? others[0];
  if (!successor) return;
  await tx.update(firmMemberships).set({ role: "owner" }).where(eq(firmMemberships.userId, successor.userId));
  await recordFirmEvent(tx, {
    firmId: membership.firmId,
    event: "ownership_transferred",
    actorUserId: null,
    subjectUserId: successor.userId,
    details: { previousRole: successor.role, reason: "account_deleted" },
    now,
  });
}
