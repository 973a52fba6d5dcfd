import { matchesMatterMask } from "@precis/contract/firms";
import type { Occupation } from "@precis/contract/profile";
import type { Entitlement, PricingSession } from "@precis/contract/subscription";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  firmMatterUsage,
  firmMemberships,
  firms,
  memoUsage,
  passkeys,
  stripeCustomers,
  subscriptions,
  totpFactors,
  users,
} from "../../db/schema/index.ts";
import { isAcademicEmail } from "../../lib/academic-domains.ts";
import {
  type FoundSession,
  foundSessionColumns,
  liveSessionQuery,
  type SessionSecrets,
  sessionParameters,
} from "../sessions/service.ts";
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
 * The user's most relevant subscription, as findUserSubscription chooses it, for a statement on `users`: a
 * current one first, then the one ending last.
 */
function chosenSubscriptionOf(db: AppDatabase) {
  return db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .innerJoin(stripeCustomers, eq(stripeCustomers.customerId, subscriptions.customerId))
    .where(eq(stripeCustomers.userId, users.id))
    .orderBy(sql`${inArray(subscriptions.status, CURRENT_STATUSES)} desc`, desc(subscriptions.currentPeriodEnd))
    .limit(1)
    .as("chosen_subscription");
}

/** Everything an entitlement is computed from, for a statement on `users` joined to chosenSubscriptionOf. */
const entitlementColumns = (subscription: ReturnType<typeof chosenSubscriptionOf>) => ({
  registeredAt: users.createdAt,
  occupation: users.occupation,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  trialStartedAt: users.trialStartedAt,
  subscriptionStatus: subscription.status,
  currentPeriodEnd: subscription.currentPeriodEnd,
  usedThisMonth:
    sql<number>`coalesce((select ${memoUsage.memoCount} from ${memoUsage} where ${memoUsage.userId} = ${users.id} and ${memoUsage.month} = ${sql.placeholder("month")}), 0)`.mapWith(
      Number,
    ),
  // The firm's columns (issue 44), from the left joins firmJoins adds: null outside a firm.
  firmId: firms.id,
  firmName: firms.name,
  requireTwoStep: firms.requireTwoStep,
  matterCodes: firms.matterCodes,
  matterMask: firms.matterMask,
  firmSubscriptionId: firms.stripeSubscriptionId,
  firmSubscriptionStatus: firms.subscriptionStatus,
  firmPeriodEnd: firms.currentPeriodEnd,
  isFirmSeated: firmMemberships.seated,
  // Looked at only when the firm requires a second factor, so other accounts pay nothing for it.
  hasSecondFactor: sql<boolean>`case when ${firms.requireTwoStep} then exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.enabledAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}) else false end`,
});

interface EntitlementRow {
  registeredAt: Date;
  occupation: Occupation;
  email: string;
  emailVerifiedAt: Date | null;
  trialStartedAt: Date | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
  usedThisMonth: number;
  firmId: number | null;
  firmName: string | null;
  requireTwoStep: boolean | null;
  matterCodes: "off" | "optional" | "required" | null;
  matterMask: string | null;
  firmSubscriptionId: string | null;
  firmSubscriptionStatus: string | null;
  firmPeriodEnd: Date | null;
  isFirmSeated: boolean | null;
  hasSecondFactor: boolean;
}

/** What counting a memo needs to know of the member's firm: where to count it, and the matter-code rules. */
export interface MemoFirm {
  id: number;
  matterCodes: "off" | "optional" | "required";
  matterMask: string | null;
}

/** An entitlement is one statement (issue 29): the account, its chosen subscription and this month's count. */
const entitlementStatement = preparedPerDatabase((db) => {
  const subscription = chosenSubscriptionOf(db);
  return db
    .select(entitlementColumns(subscription))
    .from(users)
    .leftJoinLateral(subscription, sql`true`)
    .leftJoin(firmMemberships, eq(firmMemberships.userId, users.id))
    .leftJoin(firms, eq(firms.id, firmMemberships.firmId))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("entitlement_read");
});

/** GET /api/entitlement and POST /api/memo-usage: the same, with the session, in one statement. */
const sessionEntitlementStatement = preparedPerDatabase((db) => {
  const live = liveSessionQuery(db);
  const subscription = chosenSubscriptionOf(db);
  return (
    db
      .with(live)
      .select({ session: foundSessionColumns(live), entitlement: entitlementColumns(subscription) })
      .from(live)
      .innerJoin(users, eq(users.id, live.userId))
      .leftJoinLateral(subscription, sql`true`)
      // The firm and its policies ride on the same statement (a member's primary key and a firm's): no second read.
      .leftJoin(firmMemberships, eq(firmMemberships.userId, users.id))
      .leftJoin(firms, eq(firms.id, firmMemberships.firmId))
      .prepare("session_entitlement_read")
  );
});

export async function getEntitlement(
  db: AppDatabase,
  config: AppConfig,
  userId: number,
  now: Date,
): Promise<Entitlement> {
  const [row] = await entitlementStatement(db).execute({ userId, month: usageMonthOf(now) });
  if (!row) throw new Error(`user ${userId} of a live session does not exist`);
  return toEntitlement(row, config, now);
}

/** The live session both secrets name and its account's entitlement; null when they name no live session. */
export async function readSessionEntitlement(
  db: AppDatabase,
  config: AppConfig,
  secrets: SessionSecrets,
  now: Date,
): Promise<{ session: FoundSession; entitlement: Entitlement; firm: MemoFirm | null } | null> {
  const [row] = await sessionEntitlementStatement(db).execute({
    ...sessionParameters(secrets, now),
    month: usageMonthOf(now),
  });
  if (!row) return null;
  const { firmId, matterCodes, matterMask } = row.entitlement;
  return {
    session: row.session,
    entitlement: toEntitlement(row.entitlement, config, now),
    firm: firmId === null || matterCodes === null ? null : { id: firmId, matterCodes, matterMask },
  };
}

function toEntitlement(row: EntitlementRow, config: AppConfig, now: Date): Entitlement {
  const { access, endsAt, needsAcademicEmail, trialUsedByAddress, policyReason, firmEnded, firmUnseated } =
    computeEntitlement({
      now,
      registeredAt: row.registeredAt,
      occupation: row.occupation,
      facultyGetsStudentAccess: config.entitlements.facultyGetsStudentAccess,
      subscription:
        row.subscriptionStatus === null
          ? null
          : { status: row.subscriptionStatus, currentPeriodEnd: row.currentPeriodEnd },
      isEmailVerified: row.emailVerifiedAt !== null,
      isAcademicEmail: isAcademicEmail(row.email, config.verification.academicEmailDomains),
      trialStartedAt: row.trialStartedAt,
      firm:
        row.firmId === null
          ? null
          : {
              requireTwoStep: row.requireTwoStep === true,
              hasSecondFactor: row.hasSecondFactor === true,
              subscription: {
                subscriptionId: row.firmSubscriptionId,
                status: row.firmSubscriptionStatus,
                currentPeriodEnd: row.firmPeriodEnd,
              },
              isSeated: row.isFirmSeated !== false,
            },
    });
  return {
    access,
    endsAt: endsAt?.toISOString() ?? null,
    // A policy block allows no memo at all, whatever the plan's cap.
    memo: {
      monthlyLimit: access === "policy" ? 0 : config.entitlements.memoMonthlyLimits[access],
      usedThisMonth: row.usedThisMonth,
    },
    needsAcademicEmail,
    // Only when true: a reader of the older shape sees the same object.
    ...(trialUsedByAddress ? { trialUsedByAddress } : {}),
    ...(row.firmId !== null && row.firmName !== null ? { firm: { id: row.firmId, name: row.firmName } } : {}),
    ...(policyReason ? { policyReason } : {}),
    ...(firmEnded && row.firmName !== null ? { firmEnded: { name: row.firmName } } : {}),
    ...(firmUnseated && row.firmName !== null ? { firmUnseated: { name: row.firmName } } : {}),
  };
}

/**
 * The counter's upsert, the extension's one write per memo: prepared like the reads it follows. Without a cap
 * (`limit` null) every call counts; with one, the row is not updated at the cap and nothing is returned.
 */
const countMemoStatement = preparedPerDatabase((db) =>
  db
    .insert(memoUsage)
    .values({ userId: sql.placeholder("userId"), month: sql.placeholder("month"), memoCount: 1 })
    .onConflictDoUpdate({
      target: [memoUsage.userId, memoUsage.month],
      set: { memoCount: sql`${memoUsage.memoCount} + 1` },
      setWhere: sql`${sql.placeholder("limit")}::integer is null or ${memoUsage.memoCount} < ${sql.placeholder("limit")}::integer`,
    })
    .returning({ memoCount: memoUsage.memoCount })
    .prepare("count_memo"),
);

/** A firm member's memo, counted per matter and month beside the member's own count (issue 44). */
const countMatterStatement = preparedPerDatabase((db) =>
  db
    .insert(firmMatterUsage)
    .values({
      firmId: sql.placeholder("firmId"),
      userId: sql.placeholder("userId"),
      month: sql.placeholder("month"),
      matter: sql.placeholder("matter"),
      memoCount: 1,
    })
    .onConflictDoUpdate({
      target: [firmMatterUsage.firmId, firmMatterUsage.month, firmMatterUsage.userId, firmMatterUsage.matter],
      set: { memoCount: sql`${firmMatterUsage.memoCount} + 1` },
    })
    .prepare("count_matter_memo"),
);

export type MemoUsageResult =
  | { outcome: "recorded"; entitlement: Entitlement }
  | {
      outcome: "unverified" | "noAccess" | "limitReached" | "policyTwoStepRequired" | "matterRequired";
      entitlement: Entitlement;
    }
  | { outcome: "matterMismatch"; entitlement: Entitlement; mask: string };

/**
 * The matter a firm member's memo is counted under ('' for none), or the rule it breaks: required and missing, or
 * not the mask's shape. A code is checked against the mask whenever one is given (optional or required); with
 * codes off it is not the firm's business, and the memo counts under no matter.
 */
function matterFor(
  firm: MemoFirm,
  matter: string | undefined,
):
  | { kind: "counted"; matter: string }
  | { kind: "refused"; outcome: "matterRequired" | "matterMismatch"; mask: string } {
  if (firm.matterCodes === "off") return { kind: "counted", matter: "" };
  if (matter === undefined) {
    return firm.matterCodes === "required"
      ? { kind: "refused", outcome: "matterRequired", mask: firm.matterMask ?? "" }
      : { kind: "counted", matter: "" };
  }
  if (firm.matterMask !== null && !matchesMatterMask(matter, firm.matterMask)) {
    return { kind: "refused", outcome: "matterMismatch", mask: firm.matterMask };
  }
  return { kind: "counted", matter };
}

/**
 * Counts one memo generation against this month's cap, given the entitlement just read with the session. The
 * increment and the cap check are one statement, so twenty concurrent calls at a cap of ten record exactly ten.
 */
export async function recordMemoUsage(
  db: AppDatabase,
  userId: number,
  entitlement: Entitlement,
  now: Date,
  { firm = null, matter }: { firm?: MemoFirm | null; matter?: string | undefined } = {},
): Promise<MemoUsageResult> {
  if (entitlement.access === "unverified") return { outcome: "unverified", entitlement };
  if (entitlement.access === "policy") return { outcome: "policyTwoStepRequired", entitlement };
  if (entitlement.access === "none") return { outcome: "noAccess", entitlement };
  const limit = entitlement.memo.monthlyLimit;
  const month = usageMonthOf(now);
  if (limit === 0) return { outcome: "limitReached", entitlement };
  if (firm) {
    const chosen = matterFor(firm, matter);
    if (chosen.kind === "refused") {
      return chosen.outcome === "matterMismatch"
        ? { outcome: "matterMismatch", mask: chosen.mask, entitlement }
        : { outcome: "matterRequired", entitlement };
    }
    // The member's own count (and cap) exactly as outside a firm, and the matter's beside it: both or neither.
    return db.transaction(async (tx) => {
      const counted = await countMemoStatement(tx).execute({ userId, month, limit });
      const used = counted[0]?.memoCount;
      if (used === undefined) return { outcome: "limitReached", entitlement } as const;
      await countMatterStatement(tx).execute({ firmId: firm.id, userId, month, matter: chosen.matter });
      return {
        outcome: "recorded",
        entitlement: { ...entitlement, memo: { monthlyLimit: limit, usedThisMonth: used } },
      } as const;
    });
  }
  const counted = await countMemoStatement(db).execute({ userId, month, limit });
  const used = counted[0]?.memoCount;
  if (used === undefined) return { outcome: "limitReached", entitlement };
  return { outcome: "recorded", entitlement: { ...entitlement, memo: { monthlyLimit: limit, usedThisMonth: used } } };
}
