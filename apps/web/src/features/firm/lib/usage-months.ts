import { readStoredValue, writeStoredValue } from "@/lib/browser-storage";

/*
 * The months the firm's Usage screen offers (issue 44). The server counts memos by UTC calendar month, so these
 * are UTC months too: near midnight on the last day of a month, a reader in Vancouver is already in the next one.
 */

/** The most months the picker lists: ten years of a firm's life, not an endless list. */
export const MAX_USAGE_MONTHS = 120;

/** The UTC month of `date`, as the API writes it: "2026-11". */
export const usageMonthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * Every month from the firm's creation to this one, newest first: no memo of the firm can be counted in an earlier
 * month. A creation date in the future (another clock) still leaves this month.
 */
export function usageMonthsSince(createdAt: string, now: Date): string[] {
  const first = usageMonthOf(new Date(createdAt));
  const months: string[] = [];
  const cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  do {
    months.push(usageMonthOf(cursor));
    cursor.setUTCMonth(cursor.getUTCMonth() - 1);
  } while (usageMonthOf(cursor) >= first && months.length < MAX_USAGE_MONTHS);
  return months;
}

/** The month chosen last in this browser's visit, kept across the firm page's tabs and reloads. */
const REMEMBERED_MONTH_KEY = "precis.firmUsageMonth";

/**
 * The month to show first: the one chosen earlier in this visit while it is still offered, else this month. Kept
 * for the visit only (session storage): a new visit starts on this month, which is what a report is first asked for.
 */
export function initialUsageMonth(offered: readonly string[]): string {
  const remembered = readStoredValue("session", REMEMBERED_MONTH_KEY);
  return remembered !== null && offered.includes(remembered) ? remembered : (offered[0] ?? "");
}

export function rememberUsageMonth(month: string) {
  writeStoredValue("session", REMEMBERED_MONTH_KEY, month);
}
