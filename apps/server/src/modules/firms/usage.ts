import { csvFile } from "@precis/contract/csv";
import type { FirmUsage, MatterCount, MyFirmUsage } from "@precis/contract/firms";
import { and, asc, eq, inArray, sum } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firmMatterUsage, firmMemberships, users } from "../../db/schema/index.ts";
import { displayNameOf } from "./audit.ts";

/*
 * Usage by client matter (issue 44): what firm_matter_usage counts, for the firm's owners and admins and for each
 * member's own view. Counts and codes only, by design: the table holds nothing else of a memo.
 */

/** The UTC month a memo counts in, as billing's counter keeps it (billing/entitlements.ts, usageMonthOf). */
export const usageMonthOf = (date: Date) => date.toISOString().slice(0, 7);

const byMatter = (a: { matter: string }, b: { matter: string }) => a.matter.localeCompare(b.matter, "en");

/** The firm's month: every current member (at 0 without memos) and anyone counted, by matter, with totals. */
export async function readFirmUsage(db: AppDatabase, firmId: number, month: string): Promise<FirmUsage> {
  const [counted, current] = await Promise.all([
    db
      .select({ userId: firmMatterUsage.userId, matter: firmMatterUsage.matter, memoCount: firmMatterUsage.memoCount })
      .from(firmMatterUsage)
      .where(and(eq(firmMatterUsage.firmId, firmId), eq(firmMatterUsage.month, month))),
    db.select({ userId: firmMemberships.userId }).from(firmMemberships).where(eq(firmMemberships.firmId, firmId)),
  ]);
  const currentIds = new Set(current.map((row) => row.userId));
  const ids = [...new Set([...currentIds, ...counted.map((row) => row.userId)])];
  const people =
    ids.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            username: users.username,
          })
          .from(users)
          .where(inArray(users.id, ids))
          .orderBy(asc(users.id));
  const members = people
    .map((user) => {
      const matters: MatterCount[] = counted
        .filter((row) => row.userId === user.id)
        .map(({ matter, memoCount }) => ({ matter, memoCount }))
        .sort(byMatter);
      return {
        userId: user.id,
        name: displayNameOf(user),
        email: user.email,
        isMember: currentIds.has(user.id),
        total: matters.reduce((total, row) => total + row.memoCount, 0),
        matters,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "en") || a.userId - b.userId);
  const matterTotals = new Map<string, { memoCount: number; memberCount: number }>();
  for (const row of counted) {
    const entry = matterTotals.get(row.matter) ?? { memoCount: 0, memberCount: 0 };
    matterTotals.set(row.matter, { memoCount: entry.memoCount + row.memoCount, memberCount: entry.memberCount + 1 });
  }
  return {
    month,
    members,
    matters: [...matterTotals].map(([matter, totals]) => ({ matter, ...totals })).sort(byMatter),
    total: counted.reduce((total, row) => total + row.memoCount, 0),
  };
}

/** The caller's own month by matter, summed over the firms they were in that month. */
export async function readMyFirmUsage(db: AppDatabase, userId: number, month: string): Promise<MyFirmUsage> {
  const rows = await db
    .select({ matter: firmMatterUsage.matter, memoCount: sum(firmMatterUsage.memoCount).mapWith(Number) })
    .from(firmMatterUsage)
    .where(and(eq(firmMatterUsage.userId, userId), eq(firmMatterUsage.month, month)))
    .groupBy(firmMatterUsage.matter);
  const matters = rows.sort(byMatter);
  return { month, matters, total: matters.reduce((total, row) => total + row.memoCount, 0) };
}

// The cells' neutralisation and the file's form are the contract's (csv.ts), shared with the activity trail's CSV.
export { neutraliseCell } from "@precis/contract/csv";

/**
 * The report as CSV: a header row, then one row per member and matter (a member without memos has one row at 0),
 * UTF-8 with a byte-order mark so spreadsheet programs read accents right, CRLF line ends.
 */
export function firmUsageCsv(usage: FirmUsage) {
  const header = ["month", "member", "email", "matter", "memos"];
  const rows = usage.members.flatMap((member) =>
    (member.matters.length > 0 ? member.matters : [{ matter: "", memoCount: 0 }]).map((row) => [
      usage.month,
      member.name,
      member.email,
      row.matter,
      row.memoCount,
    ]),
  );
  return csvFile([header, ...rows]);
}
