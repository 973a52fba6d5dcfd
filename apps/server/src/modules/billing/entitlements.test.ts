import { describe, expect, it } from "vitest";
import { computeEntitlement, type EntitlementInput } from "./entitlements.ts";

const registeredAt = new Date("2026-01-15T10:00:00Z");
const day = (n: number) => new Date(registeredAt.getTime() + n * 86_400_000);
const base: EntitlementInput = {
  now: registeredAt,
  registeredAt,
  occupation: "lawyer",
  facultyGetsStudentAccess: true,
  subscription: null,
  isEmailVerified: true,
  isAcademicEmail: true,
  trialStartedAt: registeredAt,
  firm: null,
};

describe("computeEntitlement", () => {
  it.each([
    ["trial, day 0", {}, "trial", day(30)],
    ["trial, day 29", { now: day(29) }, "trial", day(30)],
    ["trial over, day 30", { now: day(30) }, "none", null],
    ["trial over, day 31", { now: day(31) }, "none", null],
    [
      "student, year 0",
      { occupation: "law student" as const, now: day(1) },
      "student",
      new Date("2028-01-15T10:00:00Z"),
    ],
    [
      "student, the day before 2 years",
      { occupation: "law student" as const, now: new Date("2028-01-14T10:00:00Z") },
      "student",
      new Date("2028-01-15T10:00:00Z"),
    ],
    ["student, year 2", { occupation: "law student" as const, now: new Date("2028-01-15T10:00:00Z") }, "none", null],
    [
      "faculty like students",
      { occupation: "law faculty" as const, now: day(400) },
      "student",
      new Date("2028-01-15T10:00:00Z"),
    ],
    [
      "faculty when configured otherwise",
      { occupation: "law faculty" as const, facultyGetsStudentAccess: false, now: day(400) },
      "none",
      null,
    ],
    ["other occupation, trial only", { occupation: "other" as const, now: day(10) }, "trial", day(30)],
    [
      "active subscription",
      { now: day(100), subscription: { status: "active", currentPeriodEnd: day(120) } },
      "subscription",
      day(120),
    ],
    [
      "trialing subscription",
      { now: day(5), subscription: { status: "trialing", currentPeriodEnd: day(40) } },
      "subscription",
      day(40),
    ],
    [
      "active but period ended",
      { now: day(121), subscription: { status: "active", currentPeriodEnd: day(120) } },
      "none",
      null,
    ],
    ["past_due", { now: day(100), subscription: { status: "past_due", currentPeriodEnd: day(120) } }, "none", null],
    ["canceled", { now: day(100), subscription: { status: "canceled", currentPeriodEnd: day(120) } }, "none", null],
    [
      "canceled during the trial falls back to the trial",
      { now: day(3), subscription: { status: "canceled", currentPeriodEnd: day(2) } },
      "trial",
      day(30),
    ],
    [
      "a student who pays is a subscriber",
      {
        occupation: "law student" as const,
        now: day(3),
        subscription: { status: "active", currentPeriodEnd: day(33) },
      },
      "subscription",
      day(33),
    ],
    ["unverified: nothing free yet", { isEmailVerified: false, trialStartedAt: null }, "unverified", null],
    [
      "unverified student: nothing free yet",
      { occupation: "law student" as const, isEmailVerified: false, trialStartedAt: null },
      "unverified",
      null,
    ],
    [
      "a paid plan does not wait for verification",
      { isEmailVerified: false, trialStartedAt: null, subscription: { status: "active", currentPeriodEnd: day(30) } },
      "subscription",
      day(30),
    ],
    ["trial counts from verification", { trialStartedAt: day(10), now: day(35) }, "trial", day(40)],
    ["an address that had its trial gets none", { trialStartedAt: null, now: day(1) }, "none", null],
    [
      "student at a non-academic address: the ordinary trial",
      { occupation: "law student" as const, isAcademicEmail: false, now: day(1) },
      "trial",
      day(30),
    ],
    [
      "student at a non-academic address after the trial",
      { occupation: "law student" as const, isAcademicEmail: false, now: day(31) },
      "none",
      null,
    ],
  ] as const)("%s", (_label, overrides, access, endsAt) => {
    expect(computeEntitlement({ ...base, ...overrides })).toMatchObject({ access, endsAt });
  });

  it("tells a student who needs a school address apart, while the student years last", () => {
    const student = { ...base, occupation: "law student" as const, isAcademicEmail: false };
    expect(computeEntitlement({ ...student, now: day(1) }).needsAcademicEmail).toBe(true);
    expect(computeEntitlement({ ...student, isAcademicEmail: true, now: day(1) }).needsAcademicEmail).toBe(false);
    expect(computeEntitlement({ ...base, now: day(1) }).needsAcademicEmail).toBe(false);
    expect(computeEntitlement({ ...student, now: new Date("2028-01-15T10:00:00Z") }).needsAcademicEmail).toBe(false);
  });

  it("says the trial was used by the address only when verification found it in the ledger", () => {
    expect(computeEntitlement({ ...base, trialStartedAt: null, now: day(1) }).trialUsedByAddress).toBe(true);
    // An ended trial, a wait for verification, and any access at all have other words.
    expect(computeEntitlement({ ...base, now: day(31) }).trialUsedByAddress).toBe(false);
    expect(computeEntitlement({ ...base, isEmailVerified: false, trialStartedAt: null }).trialUsedByAddress).toBe(
      false,
    );
    const student = { ...base, occupation: "law student" as const, trialStartedAt: null, now: day(1) };
    expect(computeEntitlement(student)).toMatchObject({ access: "student", trialUsedByAddress: false });
    const subscriber = { ...base, trialStartedAt: null, subscription: { status: "active", currentPeriodEnd: day(30) } };
    expect(computeEntitlement(subscriber)).toMatchObject({ access: "subscription", trialUsedByAddress: false });
  });

  it("follows a change of occupation: becoming a student after the trial restores access", () => {
    const asLawyer = computeEntitlement({ ...base, now: day(45) });
    const asStudent = computeEntitlement({ ...base, occupation: "law student", now: day(45) });
    expect([asLawyer.access, asStudent.access]).toEqual(["none", "student"]);
  });

  it("blocks a firm member without a second factor while the firm requires two-step verification, paid or not", () => {
    const paid = { status: "active", currentPeriodEnd: day(60) };
    const blocked = { requireTwoStep: true, hasSecondFactor: false };
    expect(computeEntitlement({ ...base, firm: blocked })).toMatchObject({
      access: "policy",
      endsAt: null,
      policyReason: "twoStepRequired",
    });
    expect(computeEntitlement({ ...base, subscription: paid, firm: blocked }).access).toBe("policy");
    expect(computeEntitlement({ ...base, firm: { requireTwoStep: true, hasSecondFactor: true } }).access).toBe("trial");
    expect(computeEntitlement({ ...base, firm: { requireTwoStep: false, hasSecondFactor: false } }).access).toBe(
      "trial",
    );
  });
  it("gives a seat of a subscribed firm before the account's own access, and says when the firm's subscription ended", () => {
    const firm = (status: string | null, periodEnd = day(40)) => ({
      requireTwoStep: false,
      hasSecondFactor: false,
      subscription: { subscriptionId: status === null ? null : "sub_firm", status, currentPeriodEnd: periodEnd },
    });
    const paid = { status: "active", currentPeriodEnd: day(60) };
    for (const status of ["active", "trialing", "past_due"]) {
      expect(computeEntitlement({ ...base, now: day(5), subscription: paid, firm: firm(status) })).toMatchObject({
        access: "firm",
        endsAt: day(40),
      });
    }
    // Never subscribed, or a first payment still pending: the account's own access, and nothing ended.
    expect(computeEntitlement({ ...base, firm: firm(null) })).toEqual(computeEntitlement({ ...base, firm: null }));
    expect(computeEntitlement({ ...base, firm: firm("incomplete") }).firmEnded).toBeUndefined();
    // Ended, or its period over without the deleted event: the own access again, marked.
    expect(computeEntitlement({ ...base, now: day(5), subscription: paid, firm: firm("canceled") })).toMatchObject({
      access: "subscription",
      firmEnded: true,
    });
    expect(computeEntitlement({ ...base, now: day(41), firm: firm("active") })).toMatchObject({
      access: "none",
      firmEnded: true,
    });
    // A firm policy still comes first.
    const blocked = { ...firm("active"), requireTwoStep: true };
    expect(computeEntitlement({ ...base, firm: blocked })).toMatchObject({ access: "policy", endsAt: null });
  });

  it("never gives the firm's access to a member without a seat: their own, marked, until a seat is free (issue 53)", () => {
    const subscription = { subscriptionId: "sub_firm", status: "active", currentPeriodEnd: day(40) };
    const unseated = { requireTwoStep: false, hasSecondFactor: false, subscription, isSeated: false };
    const paid = { status: "active", currentPeriodEnd: day(60) };
    expect(computeEntitlement({ ...base, now: day(5), firm: unseated })).toMatchObject({
      access: "trial",
      firmUnseated: true,
    });
    expect(computeEntitlement({ ...base, now: day(5), subscription: paid, firm: unseated })).toMatchObject({
      access: "subscription",
      firmUnseated: true,
    });
    expect(computeEntitlement({ ...base, now: day(5), firm: { ...unseated, isSeated: true } }).access).toBe("firm");
    // Without a running subscription no seat is missing: an ended one says so, and nothing about seats.
    const ended = { ...unseated, subscription: { ...subscription, status: "canceled" } };
    const afterEnd = computeEntitlement({ ...base, now: day(5), firm: ended });
    expect(afterEnd).toMatchObject({ access: "trial", firmEnded: true });
    expect(afterEnd.firmUnseated).toBeUndefined();
    // The firm's policy blocks a member without a seat too.
    expect(computeEntitlement({ ...base, firm: { ...unseated, requireTwoStep: true } }).access).toBe("policy");
  });
});
