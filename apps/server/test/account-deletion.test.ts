import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  mailOutbox,
  rateLimitCounters,
  stripeCustomers,
  subscriptions,
  trialLedger,
  users,
} from "../src/db/schema/index.ts";
import { storedCounterKey } from "../src/modules/rate-limit/keys.ts";
import { hashEmailForTrial } from "../src/modules/verification/trial-ledger.ts";
import { basicAuth, createTestClock, readSession, xhrHeaders } from "./harness.ts";
import { registerAccount } from "./support/accounts.ts";
import { useTestServer, withSecondInstance } from "./support/test-server.ts";

/** Issue 28: deleting my account, with a grace period, through Stripe's API (a local stand-in), exactly once. */
const PASSWORD = "Tribunal2024x";
const time = createTestClock();
let isStripeDown = false;
const deletedCustomers: string[] = [];
const stripeStandIn = createHttpServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.setHeader("content-type", "application/json");
    const customer = /^\/v1\/customers\/([\w-]+)$/.exec(request.url ?? "")?.[1];
    if (request.method === "DELETE" && customer && !isStripeDown) {
      deletedCustomers.push(customer);
      response.end(JSON.stringify({ id: customer, object: "customer", deleted: true }));
      return;
    }
    response.statusCode = isStripeDown ? 500 : 404;
    response.end(JSON.stringify({ error: { type: "api_error", message: "unavailable" } }));
  });
});

// The stand-in listens first, so the server is started with its port, and closes last.
beforeAll(() => new Promise<void>((resolve) => stripeStandIn.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise((resolve) => stripeStandIn.close(resolve)));
const server = useTestServer({
  time,
  isNewDayEachTest: false,
  env: () => ({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_API_URL: `http://127.0.0.1:${(stripeStandIn.address() as AddressInfo).port}`,
    ACCOUNT_DELETION_GRACE_DAYS: "30",
  }),
});

async function accountWithPlan(email: string) {
  const { session } = await registerAccount(server, email, {
    password: PASSWORD,
    details: { firstName: "Rosalie" },
    isVerified: true,
  });
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  const customerId = `cus_${user?.id}`;
  await server.database.db.insert(stripeCustomers).values({ customerId, userId: user?.id });
  await server.database.db.insert(subscriptions).values({
    subscriptionId: `sub_${user?.id}`,
    customerId,
    status: "active",
    planName: "Precis Monthly",
    planDetails: "",
    pricePeriod: "month",
    lastEventAt: time.clock(),
  });
  return { session, userId: user?.id ?? 0, customerId };
}
const post = (url: string, headers: object, payload: object = {}) =>
  server.app.inject({ method: "POST", url, headers: { ...xhrHeaders, ...headers }, payload });
const lastMailTo = async (email: string) =>
  (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).at(-1);

describe("deleting my account", () => {
  it("is scheduled, signs every session out, and is cancelled by the emailed link", async () => {
    const email = "leaving@example.ca";
    const { session } = await accountWithPlan(email);
    const other = readSession(
      await server.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { ...xhrHeaders, authorization: basicAuth(email, PASSWORD) },
      }),
    );
    const scheduled = await post("/api/account/delete", session.headers);
    expect(scheduled.statusCode).toBe(200);
    expect(new Date(scheduled.json().deletionScheduledFor).getTime()).toBe(time.clock().getTime() + 30 * 86_400_000);
    for (const signedOut of [session, other]) {
      expect(
        (await server.app.inject({ method: "GET", url: "/api/user-details", headers: signedOut.headers })).json()
          .userProfile,
      ).toBeNull();
    }
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe("Your Precis account will be deleted");
    const token = /token=([\w-]+)/.exec(mail?.textBody ?? "")?.[1] ?? "";

    // Logging in during the grace period shows it, so the page can offer to cancel.
    const again = readSession(
      await server.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { ...xhrHeaders, authorization: basicAuth(email, PASSWORD) },
      }),
    );
    const profile = (
      await server.app.inject({ method: "GET", url: "/api/user-details", headers: again.headers })
    ).json().userProfile;
    expect(profile.deletionScheduledFor).toBe(scheduled.json().deletionScheduledFor);

    expect((await post("/api/account/delete/cancel", {}, { token: "x".repeat(43) })).statusCode).toBe(404);
    expect((await post("/api/account/delete/cancel", {}, { token })).statusCode).toBe(200);
    expect((await post("/api/account/delete/cancel", {}, { token })).statusCode).toBe(404);
    time.advanceDays(31);
    expect(await server.app.accountDeletion.runOnce()).toBe(0);
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("asks who you are when the sign-in is old, and a second request changes nothing", async () => {
    const email = "twice@example.ca";
    const { session } = await accountWithPlan(email);
    time.advanceMinutes(16);
    expect((await post("/api/account/delete", session.headers)).statusCode).toBe(403);
    await post("/api/reauthenticate", session.headers, { password: PASSWORD });
    const first = (await post("/api/account/delete", session.headers)).json();
    const again = readSession(
      await server.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { ...xhrHeaders, authorization: basicAuth(email, PASSWORD) },
      }),
    );
    const second = (await post("/api/account/delete", again.headers)).json();
    expect(second.deletionScheduledFor).toBe(first.deletionScheduledFor);
    const notices = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(notices.filter((row) => row.subject === "Your Precis account will be deleted")).toHaveLength(1);
    // Signed in again during the grace period, the owner cancels from the page.
    const backAgain = readSession(
      await server.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { ...xhrHeaders, authorization: basicAuth(email, PASSWORD) },
      }),
    );
    expect((await post("/api/account/delete/cancel", backAgain.headers)).statusCode).toBe(200);
  });

  it("removes the account from every table once the grace period ends, retrying a Stripe failure, and keeps only anonymous traces", async () => {
    const email = "gone.for.good@example.ca";
    const { session, userId, customerId } = await accountWithPlan(email);
    // A wrong password leaves limit counters keyed by the address.
    await server.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { ...xhrHeaders, authorization: basicAuth(email, "Wrong-guess-1") },
    });
    await post("/api/account/delete", session.headers);
    time.advanceDays(29);
    expect(await server.app.accountDeletion.runOnce()).toBe(0);

    time.advanceDays(2);
    isStripeDown = true;
    expect(await server.app.accountDeletion.runOnce()).toBe(0);
    // Nothing half-deleted: the account and its plan are whole, and still scheduled.
    const [kept] = await server.database.db.select().from(users).where(eq(users.id, userId));
    expect(kept).toMatchObject({ deletionAttempts: 1 });
    expect(
      await server.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId)),
    ).toHaveLength(1);

    isStripeDown = false;
    time.advanceMinutes(61);
    expect(await server.app.accountDeletion.runOnce()).toBe(1);
    expect(deletedCustomers).toContain(customerId);
    expect(await server.app.accountDeletion.runOnce()).toBe(0);

    // No table holds the account's id or address any more; the audit events stay, without who.
    const tables = (await server.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    for (const { table_name: table } of tables.rows) {
      if (table === "__drizzle_migrations") continue;
      const found = (await server.database.db.execute(
        sql.raw(
          `select count(*)::int as n from "${table}" t where to_jsonb(t)::text like '%${email}%' or to_jsonb(t)->>'user_id' = '${userId}'`,
        ),
      )) as unknown as { rows: { n: number }[] };
      expect(found.rows[0]?.n, table).toBe(0);
    }
    // The limit counters stood for the address by its keyed hash: gone too.
    const counterKeys = (await server.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
      (row) => row.key,
    );
    expect(counterKeys.filter((key) => key.includes(storedCounterKey(server.app.config, email)))).toEqual([]);
    const [userRows] = await server.database.db.select({ value: count() }).from(users).where(eq(users.id, userId));
    expect(userRows?.value).toBe(0);
    const anonymous = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.event, "account_deleted"));
    expect(anonymous.at(-1)).toMatchObject({ userId: null });
    expect(
      await server.database.db
        .select()
        .from(trialLedger)
        .where(eq(trialLedger.emailHash, hashEmailForTrial(email))),
    ).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the deletion job with two instances on one PostgreSQL", () => {
  it("deletes each due account once, calling Stripe once per customer", async () => {
    const env = {
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_API_URL: `http://127.0.0.1:${(stripeStandIn.address() as AddressInfo).port}`,
    };
    await withSecondInstance(server, { clock: time.clock, env }, async (second) => {
      const customers: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        const { session, customerId } = await accountWithPlan(`both.instances${index}@example.ca`);
        customers.push(customerId);
        await post("/api/account/delete", session.headers);
      }
      time.advanceDays(31);
      deletedCustomers.length = 0;
      const [first, other] = await Promise.all([
        server.app.accountDeletion.runOnce(),
        second.app.accountDeletion.runOnce(),
      ]);
      expect(first + other).toBe(6);
      expect(deletedCustomers.sort()).toEqual(customers.sort());
    });
  });
});
