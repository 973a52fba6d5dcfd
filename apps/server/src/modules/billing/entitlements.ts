import type { Occupation } from "@precis/contract/profile";
import type { AccessKind, PolicyReason } from "@precis/contract/subscription";
import { STUDENT_FREE_YEARS, TRIAL_DAYS } from "@precis/contract/subscription";
import { addDays } from "../../lib/clock.ts";
import { type FirmSubscriptionState, hasFirmSubscriptionEnded, isFirmSeated } from "../../lib/firm-seats.ts";

/** Stripe statuses under which a subscription gives access until its period ends. */
const ENTITLING_STATUSES = new Set(["active", "trialing"]);

export interface EntitlementInput {
  now: Date;
  registeredAt: Date;
  occupation: Occupation;
  facultyGetsStudentAccess: boolean;
  subscription: { status: string; currentPeriodEnd: Date | null } | null;
  /** Whether the account's email is proven; an unproven one has no free access yet. */
  isEmailVerified: boolean;
  /** Whether the (verified) email is at an academic domain, which student access needs. */
  isAcademicEmail: boolean;
  /** When the trial began; null when the address had its trial already, or is not verified yet. */
  trialStartedAt: Date | null;
  /**
   * The account's firm (issue 44), null outside one: the policies that can block it, and the firm's subscription,
   * whose seat gives `access: "firm"` (absent is never subscribed), and whether the member holds one of its seats
   * (issue 53: with fewer seats than members, the last in seat order hold none; absent is seated).
   */
  firm: {
    requireTwoStep: boolean;
    hasSecondFactor: boolean;
    subscription?: FirmSubscriptionState;
    isSeated?: boolean;
  } | null;
}

export interface ComputedEntitlement {
  access: AccessKind;
  endsAt: Date | null;
  /** A student or faculty member whose address is not academic: student access waits for a school address. */
  needsAcademicEmail: boolean;
  /**
   * No access, and the reason is that the address never got a trial on this account: its verification found
   * the address (or a variant of it) in the trial ledger already, so `trialStartedAt` stayed empty.
   */
  trialUsedByAddress: boolean;
  /** Why `access` is "policy": the firm's rule the account does not meet yet. */
  policyReason?: PolicyReason;
  /** The firm's subscription has ended: `access` is the account's own again, and Home says why. */
  firmEnded?: true;
  /** The firm's subscription runs, but every seat is another member's: `access` is the account's own, and Home says why. */
  firmUnseated?: true;
}

/**
 * What an account may use at `now` (product §1, §6): a paid subscription first; nothing free until the email is
 * verified; then free student access (2 years from registration) for a student at an academic address; then
 * the free trial (30 days from its start at verification); else none. Before all of these, a firm's policy the
 * member does not meet (two-step verification required, and neither an authenticator app nor a passkey) blocks
 * every access, a paid one included, until they comply: the firm's rule is the firm's, whoever pays. Then a seat of a
 * subscribed firm comes before the account's own access, a personal plan included (the member is told, on joining,
 * that they may cancel it); once the firm's subscription ends, the account's own access is back, marked `firmEnded`.
 * A member without a seat (fewer seats than members) never has `firm`: their own access, marked `firmUnseated`.
 * Pure: the clock is an argument, so every rule is tested as a table.
 */
export function computeEntitlement(input: EntitlementInput): ComputedEntitlement {
  const firmSubscription = input.firm?.subscription;
  if (firmSubscription && !(input.firm?.requireTwoStep && !input.firm.hasSecondFactor)) {
    if (isFirmSeated(firmSubscription, input.now)) {
      if (input.firm?.isSeated === false) return { ...computeOwnEntitlement(input), firmUnseated: true };
      return {
        access: "firm",
        endsAt: firmSubscription.currentPeriodEnd,
        needsAcademicEmail: false,
        trialUsedByAddress: false,
      };
    }
    if (hasFirmSubscriptionEnded(firmSubscription, input.now)) {
      return { ...computeOwnEntitlement(input), firmEnded: true };
    }
  }
  return computeOwnEntitlement(input);
}

/** The account's own access, or the firm policy's block: everything but a firm's seat. */
function computeOwnEntitlement(input: EntitlementInput): ComputedEntitlement {
  const { now, subscription } = input;
  const isStudent =
    input.occupation === "law student" || (input.occupation === "law faculty" && input.facultyGetsStudentAccess);
  const studentEndsAt = addYears(input.registeredAt, STUDENT_FREE_YEARS);
  const needsAcademicEmail = isStudent && !input.isAcademicEmail && now < studentEndsAt;
  if (input.firm?.requireTwoStep && !input.firm.hasSecondFactor) {
    return {
      access: "policy",
      endsAt: null,
      needsAcademicEmail,
      policyReason: "twoStepRequired",
      trialUsedByAddress: false,
    };
  }
  if (
    subscription &&
    ENTITLING_STATUSES.has(subscription.status) &&
    subscription.currentPeriodEnd &&
    subscription.currentPeriodEnd > now
  ) {
    return {
      access: "subscription",
      endsAt: subscription.currentPeriodEnd,
      needsAcademicEmail: false,
      trialUsedByAddress: false,
    };
  }
  if (!input.isEmailVerified)
    return { access: "unverified", endsAt: null, needsAcademicEmail, trialUsedByAddress: false };
  if (isStudent && input.isAcademicEmail && now < studentEndsAt) {
    return { access: "student", endsAt: studentEndsAt, needsAcademicEmail: false, trialUsedByAddress: false };
  }
  if (input.trialStartedAt) {
    const trialEndsAt = addDays(input.trialStartedAt, TRIAL_DAYS);
    if (now < trialEndsAt)
      return { access: "trial", endsAt: trialEndsAt, needsAcademicEmail, trialUsedByAddress: false };
  }
  // A verified address always claims its trial (verification's markEmailVerified): none started means the
  // ledger already held this address, from another account of the same person.
  return { access: "none", endsAt: null, needsAcademicEmail, trialUsedByAddress: input.trialStartedAt === null };
}

function addYears(date: Date, years: number) {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

/** The calendar month (UTC) a memo counts against, e.g. "2026-11". */
export const usageMonthOf = (date: Date) => date.toISOString().slice(0, 7);
