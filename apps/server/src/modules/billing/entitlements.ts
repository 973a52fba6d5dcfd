import type { Occupation } from "@precis/contract/profile";
import type { AccessKind } from "@precis/contract/subscription";
import { STUDENT_FREE_YEARS, TRIAL_DAYS } from "@precis/contract/subscription";
import { addDays } from "../../lib/clock.ts";

/** Stripe statuses under which a subscription gives access until its period ends. */
const ENTITLING_STATUSES = new Set(["active", "trialing"]);

export interface EntitlementInput {
  now: Date;
  registeredAt: Date;
  occupation: Occupation;
  facultyGetsStudentAccess: boolean;
  subscription: { status: string; currentPeriodEnd: Date | null } | null;
}

/**
 * What an account may use at `now` (SPEC §1, §6): a paid subscription first, then free student
 * access (2 years from registration), then the free trial (30 days from registration), else none.
 * Pure: the clock is an argument, so every rule is tested as a table.
 */
export function computeEntitlement(input: EntitlementInput): { access: AccessKind; endsAt: Date | null } {
  const { now, subscription } = input;
  if (
    subscription &&
    ENTITLING_STATUSES.has(subscription.status) &&
    subscription.currentPeriodEnd &&
    subscription.currentPeriodEnd > now
  ) {
    return { access: "subscription", endsAt: subscription.currentPeriodEnd };
  }
  const isStudent =
    input.occupation === "law student" || (input.occupation === "law faculty" && input.facultyGetsStudentAccess);
  if (isStudent) {
    const studentEndsAt = addYears(input.registeredAt, STUDENT_FREE_YEARS);
    if (now < studentEndsAt) return { access: "student", endsAt: studentEndsAt };
  }
  const trialEndsAt = addDays(input.registeredAt, TRIAL_DAYS);
  if (now < trialEndsAt) return { access: "trial", endsAt: trialEndsAt };
  return { access: "none", endsAt: null };
}

function addYears(date: Date, years: number) {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

/** The calendar month (UTC) a memo counts against, e.g. "2026-11". */
export const usageMonthOf = (date: Date) => date.toISOString().slice(0, 7);
