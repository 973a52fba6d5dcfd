import { count, eq, isNull } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../src/db/schema/index.ts";
import { addDays } from "../src/lib/clock.ts";
import { MAX_SEND_ATTEMPTS } from "../src/modules/mail/outbox.ts";
import { REDACTED_EMAIL_BODY } from "../src/modules/retention/job.ts";
import { basicAuth, createTestClock, verifyEmailThroughApi, xhrHeaders } from "./harness.ts";
import { registerAccount } from "./support/accounts.ts";
import { useTestServer, withTwoInstances } from "./support/test-server.ts";

const time = createTestClock(new Date("2026-03-01T09:00:00Z"));
const server = useTestServer({ time, isNewDayEachTest: false });

async function rows(table: PgTable) {
  const [row] = await server.database.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

describe("the retention job", () => {
  it("removes exactly what the retention table says, once a day", async () => {
    const db = server.database.db;
    const now = () => time.clock();
    // An account, its verification (a used code), a session it logs out of and one it keeps.
    const email = "kept.short@example.ca";
    const { session: ended } = await registerAccount(server, email);
    await verifyEmailThroughApi(server, email, ended);
    await server.app.inject({ method: "GET", url: "/api/logout", headers: { ...xhrHeaders, ...ended.headers } });
    const login = await server.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { ...xhrHeaders, authorization: basicAuth(email, "Tribunal2024x") },
    });
    expect(login.statusCode).toBe(200);
    // A reset code that will expire unused, and the mail so far: sent (then redacted) but for one left unsent.
    await server.app.inject({
      method: "POST",
      url: "/api/login/find-user",
      headers: { ...xhrHeaders, authorization: basicAuth(email, "") },
    });
    await server.app.mailWorker.runOnce();
    await db
      .insert(schema.mailOutbox)
      .values({ recipient: email, subject: "Unsent", textBody: "body", htmlBody: "<p>body</p>" });
    // Records of the other kinds, each just past its period or well within it on the day the job runs.
    const runDay = addDays(now(), 31);
    const body = { recipient: email, textBody: "code 123456", htmlBody: "<p>code 123456</p>" };
    await db.insert(schema.mailOutbox).values([
      { ...body, subject: "Sent yesterday", createdAt: addDays(runDay, -1), sentAt: addDays(runDay, -1) },
      { ...body, subject: "Given up long ago", createdAt: addDays(runDay, -31), attempts: MAX_SEND_ATTEMPTS },
      { ...body, subject: "Given up yesterday", createdAt: addDays(runDay, -1), attempts: MAX_SEND_ATTEMPTS },
    ]);
    await db.insert(schema.auditEvents).values([
      { event: "logged_in", occurredAt: addDays(runDay, -366) },
      { event: "logged_in", occurredAt: addDays(runDay, -300) },
    ]);
    const [account] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
    await db.insert(schema.knownDevices).values({
      tokenHash: "a-browser-unseen-for-a-year",
      userId: account?.id ?? 0,
      lastSignInAt: addDays(runDay, -366),
    });
    // A passkey challenge never answered, and a password sign-in that never took its second step.
    await db.insert(schema.webauthnChallenges).values({
      challengeHash: "an-unanswered-challenge",
      purpose: "sign-in",
      expiresAt: addDays(runDay, -1),
    });
    await db.insert(schema.pendingSignIns).values({
      tokenHash: "an-unfinished-second-step",
      userId: account?.id ?? 0,
      expiresAt: addDays(runDay, -1),
    });
    const undo = { userId: account?.id ?? 0, previousEmail: email, newEmail: "moved@example.ca" };
    await db.insert(schema.emailChangeUndoTokens).values([
      { ...undo, tokenHash: "used", expiresAt: addDays(runDay, 5), usedAt: addDays(runDay, -1) },
      { ...undo, tokenHash: "expired", expiresAt: addDays(runDay, -1) },
      { ...undo, tokenHash: "live", expiresAt: addDays(runDay, 5) },
    ]);
    await db.insert(schema.docsFeedback).values([
      { page: "faq", isHelpful: true, createdAt: addDays(runDay, -731) },
      { page: "faq", isHelpful: false, createdAt: addDays(runDay, -10) },
    ]);
    await db.insert(schema.stripeEvents).values([
      {
        eventId: "evt_beyond_replays",
        type: "x",
        eventCreatedAt: now(),
        receivedAt: addDays(runDay, -91),
        outcome: "applied",
        payload: {},
      },
      {
        eventId: "evt_old",
        type: "x",
        eventCreatedAt: now(),
        receivedAt: addDays(runDay, -31),
        outcome: "applied",
        payload: { id: "evt_old", customer: "cus_1" },
      },
      {
        eventId: "evt_new",
        type: "x",
        eventCreatedAt: now(),
        receivedAt: addDays(runDay, -1),
        outcome: "applied",
        payload: { id: "evt_new" },
      },
    ]);
    const auditBefore = await rows(schema.auditEvents);

    time.advanceDays(31);
    const counts = await server.app.retention.runOnce();
    expect(counts).toEqual({
      sessions: 1, // the one logged out 31 days ago; the other was used then, and its idle expiry is not yet 30 days old
      rateLimitCounters: expect.any(Number),
      passwordResetCodes: 1,
      verificationCodes: 1,
      emails: 4, // the welcome, the verification code and the reset code, sent 31 days ago, and one given up then
      emailBodies: 2, // sent yesterday, and given up yesterday
      stripePayloads: 1,
      stripeEvents: 1, // received 91 days ago: Stripe can no longer send it again
      auditEvents: 1,
      docsFeedback: 1,
      knownDevices: 1, // the one unseen for a year; the browser that signed in a month ago stays
      emailChangeUndoTokens: 2, // one used, one past its days; the live one stays
      secondFactorChallenges: 2,
      firmAuditEvents: 0, // firms.test.ts seeds and ages them
      firmInvitations: 0,
    });
    expect(await rows(schema.webauthnChallenges)).toBe(0);
    expect(await rows(schema.pendingSignIns)).toBe(0);
    expect(
      await db.select({ hash: schema.emailChangeUndoTokens.tokenHash }).from(schema.emailChangeUndoTokens),
    ).toEqual([{ hash: "live" }]);
    expect(counts?.rateLimitCounters).toBeGreaterThan(0);
    expect(await rows(schema.rateLimitCounters)).toBe(0);
    expect(await rows(schema.passwordResetCodes)).toBe(0);
    expect(await rows(schema.emailVerificationCodes)).toBe(0);
    const [remaining] = await db.select().from(schema.sessions);
    expect(await rows(schema.sessions)).toBe(1);
    expect(remaining?.revokedAt).toBeNull();
    const mail = await db
      .select({ subject: schema.mailOutbox.subject, text: schema.mailOutbox.textBody })
      .from(schema.mailOutbox);
    expect(mail.filter((row) => row.text !== REDACTED_EMAIL_BODY).map((row) => row.subject)).toEqual(["Unsent"]);
    expect(mail.map((row) => row.subject).sort()).toEqual(["Given up yesterday", "Sent yesterday", "Unsent"]);
    const payloads = await db
      .select({ id: schema.stripeEvents.eventId, payload: schema.stripeEvents.payload })
      .from(schema.stripeEvents);
    expect(Object.fromEntries(payloads.map((row) => [row.id, row.payload]))).toEqual({
      evt_old: {},
      evt_new: { id: "evt_new" },
    });
    expect(await rows(schema.auditEvents)).toBe(auditBefore - 1);
    expect(await db.select({ helpful: schema.docsFeedback.isHelpful }).from(schema.docsFeedback)).toEqual([
      { helpful: false },
    ]);
    const [run] = await db.select().from(schema.scheduledJobRuns).where(eq(schema.scheduledJobRuns.job, "retention"));
    expect(run).toMatchObject({ period: "2026-04-01", details: counts });

    // The same day again: nothing to do. The next day: the job runs again.
    expect(await server.app.retention.runOnce()).toBeNull();
    time.advanceDays(1);
    expect(await server.app.retention.runOnce()).toMatchObject({ sessions: 0, auditEvents: 0 });
    expect(await db.select().from(schema.sessions).where(isNull(schema.sessions.revokedAt))).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the retention job with two instances on one PostgreSQL", () => {
  it("runs once per day when both instances run it at the same moment", async () => {
    const clock = createTestClock(new Date("2026-05-01T09:00:00Z"));
    await withTwoInstances({ clock: clock.clock }, async (first, second) => {
      const shared = first.database;
      await shared.db
        .insert(schema.auditEvents)
        .values(
          Array.from({ length: 50 }, () => ({ event: "logged_in" as const, occurredAt: addDays(clock.clock(), -400) })),
        );
      for (let day = 0; day < 3; day += 1) {
        const results = await Promise.all([first.app.retention.runOnce(), second.app.retention.runOnce()]);
        expect(results.filter((result) => result !== null)).toHaveLength(1);
        clock.advanceDays(1);
      }
      const runs = await shared.db.select().from(schema.scheduledJobRuns);
      expect(runs.map((run) => run.period).sort()).toEqual(["2026-05-01", "2026-05-02", "2026-05-03"]);
      expect(runs.reduce((sum, run) => sum + (run.details.auditEvents ?? 0), 0)).toBe(50);
    });
  });
});
