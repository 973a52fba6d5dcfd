import type { Entitlement, PricingSession } from "@precis/contract/subscription";
import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { memoUsage, stripeCustomers, subscriptions, users } from "../../db/schema.ts";
import { isAcademicEmail } from "../verification/academic-domains.ts";
import { computeEntitlement, usageMonthOf } from "./entitlements.ts";

/** Statuses that still describe a plan the user has (and may manage), even if payment is late. */
const CURRENT_STATUSES = ["active", "trialing", "past_due", "unpaid", "incomplete"];

const isCurrent = (subscription: { status: string } | null) =>
  subscription !== null && CURRENT_STATUSES.includes(subscription.status);

/** The user's most relevant subscription: a current one first, then the one ending last. */
export async function findUserSubscription(db: AppDatabase, userId: number) {
  const rows = await db
    .select({ subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(stripeCustomers, eq(stripeCustomers.customerId, subscriptions.customerId))
    .where(eq(stripeCustomers.userId, userId))
    .orderBy(desc(subscriptions.currentPeriodEnd));
  const all = rows.map((row) => row.subscription);
  return all.find(isCurrent) ?? all[0] ?? null;
}

/** Whether the subscription page shows the user a plan (rather than the offer). */
export async function hasCurrentPlan(db: AppDatabase, userId: number) {
  return isCurrent(await findUserSubscription(db, userId));
}

export async function findCustomerId(db: AppDatabase, userId: number) {
  const [row] = await db
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, userId))
    .orderBy(desc(stripeCustomers.createdAt))
    .limit(1);
  return row?.customerId ?? null;
}

async function getUser(db: AppDatabase, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} of a live session does not exist`);
  return user;
}

/** What the subscription page shows: the plan, if any, and who would be buying. */
export async function getPricingSession(db: AppDatabase, userId: number): Promise<PricingSession> {
  const [user, subscription] = await Promise.all([getUser(db, userId), findUserSubscription(db, userId)]);
  const hasPlan = subscription && isCurrent(subscription);
  return {
    ...(hasPlan
      ? {
          plan: {
            name: subscription.planName,
            details: subscription.planDetails,
            price: { period: subscription.pricePeriod },
          },
        }
      : {}),
    userId: String(user.id),
    email: user.email,
  };
}

/**
 * The answer of GET /api/entitlement, reused by this instance for up to a second (decision 009). The
 * subscription page's frame reads the access through it too (decision 017).
 */
export function readEntitlement(app: FastifyInstance, userId: number) {
  return app.reuseRead(`entitlement:${userId}`, () => getEntitlement(app.database.db, app.config, userId, app.clock()));
}

export async function getEntitlement(
  db: AppDatabase,
  config: AppConfig,
  userId: number,
  now: Date,
): Promise<Entitlement> {
  const [user, subscription, usedThisMonth] = await Promise.all([
    getUser(db, userId),
    findUserSubscription(db, userId),
    countMemosThisMonth(db, userId, now),
  ]);
  const { access, endsAt, needsAcademicEmail } = computeEntitlement({
    now,
    registeredAt: user.createdAt,
    occupation: user.occupation,
    facultyGetsStudentAccess: config.entitlements.facultyGetsStudentAccess,
    subscription,
    isEmailVerified: user.emailVerifiedAt !== null,
    isAcademicEmail: isAcademicEmail(user.email, config.verification.academicEmailDomains),
    trialStartedAt: user.trialStartedAt,
  });
  return {
    access,
    endsAt: endsAt?.toISOString() ?? null,
    memo: { monthlyLimit: config.entitlements.memoMonthlyLimits[access], usedThisMonth },
    needsAcademicEmail,
  };
}

async function countMemosThisMonth(db: AppDatabase, userId: number, now: Date) {
  const [row] = await db
    .select({ memoCount: memoUsage.memoCount })
    .from(memoUsage)
    .where(sql`${memoUsage.userId} = ${userId} and ${memoUsage.month} = ${usageMonthOf(now)}`);
  return row?.memoCount ?? 0;
}

export type MemoUsageResult =
  | { outcome: "recorded"; entitlement: Entitlement }
  | { outcome: "unverified" | "noAccess" | "limitReached"; entitlement: Entitlement };

/**
 * Counts one memo generation against this month's cap. The increment and the cap check are one
 * statement, so twenty concurrent calls at a cap of ten record exactly ten.
 */
export async function recordMemoUsage(
  db: AppDatabase,
  config: AppConfig,
  userId: number,
  now: Date,
): Promise<MemoUsageResult> {
  const entitlement = await getEntitlement(db, config, userId, now);
  if (entitlement.access === "unverified") return { outcome: "unverified", entitlement };
  if (entitlement.access === "none") return { outcome: "noAccess", entitlement };
  const limit = entitlement.memo.monthlyLimit;
  const month = usageMonthOf(now);
  if (limit === 0) return { outcome: "limitReached", entitlement };
  const counted = await db
    .insert(memoUsage)
    .values({ userId, month, memoCount: 1 })
    .onConflictDoUpdate({
      target: [memoUsage.userId, memoUsage.month],
      set: { memoCount: sql`${memoUsage.memoCount} + 1` },
      ...(limit === null ? {} : { setWhere: sql`${memoUsage.memoCount} < ${limit}` }),
    })
    .returning({ memoCount: memoUsage.memoCount });
  const used = counted[0]?.memoCount;
  if (used === undefined) return { outcome: "limitReached", entitlement };
  return { outcome: "recorded", entitlement: { ...entitlement, memo: { monthlyLimit: limit, usedThisMonth: used } } };
}
