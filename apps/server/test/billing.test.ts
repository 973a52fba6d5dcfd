import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeEvents, subscriptions } from "../src/db/schema/index.ts";
import { createTestClock, xhrHeaders } from "./harness.ts";
import { registerAccount, uniqueEmail } from "./support/accounts.ts";
import { createStripeEvents, deliverStripeEvent, stripeSubscription, useStripeStandIn } from "./support/stripe.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";

const WEBHOOK_SECRET = "whsec_test_precis_local";
const time = createTestClock(new Date("2026-11-22T12:00:00Z"));

const stripe = useStripeStandIn();

const server = useTestServer({
  time,
  isNewDayEachTest: false,
  env: () => ({
    ...stripe.env(WEBHOOK_SECRET),
    MEMO_MONTHLY_LIMIT_TRIAL: "10",
    REGISTER_MAX_PER_IP: "1000",
  }),
});

const stripeEvent = createStripeEvents(time, "evt_billing");
const subscriptionObject = (
  id: string,
  customer: string,
  status: string,
  periodEndDays = 30,
  nickname = "Precis Professional",
) =>
  stripeSubscription(time, {
    id,
    customer,
    status,
    periodEndDays,
    metadata: { plan_details: "Unlimited memos, case chat and search optimizer" },
    item: { price: { id: "price_1", nickname } },
  });
const deliver = (event: object, options: { secret?: string; timestamp?: number; signature?: string } = {}) =>
  deliverStripeEvent(server, time, event, { ...options, secret: options.secret ?? WEBHOOK_SECRET });
async function countEvents() {
  const [row] = await server.database.db.select({ value: count() }).from(stripeEvents);
  return row?.value ?? 0;
}

/** A verified account that opened the pricing page, with the id the page hands Stripe for it. */
async function accountAtPricing(role = "lawyer", email = uniqueEmail("billing")) {
  const { session } = await registerAccount(server, email, { details: { role }, isVerified: true });
  const details = await server.app.inject({ method: "GET", url: "/api/pricing-session", headers: session.headers });
  expect(details.statusCode).toBe(404); // GET is not the route: the pricing session is a POST.
  const pricing = await server.app.inject({
    method: "POST",
    url: "/api/pricing-session",
    headers: { ...xhrHeaders, ...session.headers },
  });
  return { headers: session.headers, userId: pricing.json().userId as string };
}

describe("webhook signatures", () => {
  const event = () => stripeEvent("customer.subscription.updated", subscriptionObject("sub_sig", "cus_sig", "active"));

  it("accepts a valid signature", async () => {
    const response = await deliver(event());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: true });
  });

  it.each([
    ["a wrong secret", { secret: "whsec_someone_else" }],
    ["a stale signature (over 5 minutes old)", { timestamp: Math.floor(time.clock().getTime() / 1000) - 301 }],
    ["a signature dated an hour ahead", { timestamp: Math.floor(time.clock().getTime() / 1000) + 3600 }],
    ["a signature dated over 5 minutes ahead", { timestamp: Math.floor(time.clock().getTime() / 1000) + 301 }],
    ["a garbage signature", { signature: "t=1,v1=deadbeef" }],
  ])("refuses %s with 400 and stores nothing", async (_label, options) => {
    const before = await countEvents();
    const response = await deliver(event(), options);
    expect(response.statusCode).toBe(400);
    expect(await countEvents()).toBe(before);
  });

  it("refuses a missing signature and a tampered body", async () => {
    const before = await countEvents();
    const missing = await server.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(event()),
    });
    expect(missing.statusCode).toBe(400);
    const original = event();
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(original),
      secret: WEBHOOK_SECRET,
    });
    const tampered = await server.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload: JSON.stringify({ ...original, type: "customer.subscription.deleted" }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await countEvents()).toBe(before);
  });

  it("needs no X-Requested-With (Stripe cannot send it)", async () => {
    expect((await deliver(event())).statusCode).toBe(200);
  });
});

describe("webhook effects", () => {
  it("applies each kind of event once, however often and however concurrently it is replayed", async () => {
    const { userId } = await accountAtPricing();
    const customer = `cus_replay_${userId}`;
    const events = [
      stripeEvent("checkout.session.completed", {
        id: "cs_1",
        object: "checkout.session",
        client_reference_id: userId,
        customer,
      }),
      stripeEvent("customer.subscription.created", subscriptionObject("sub_replay", customer, "trialing"), 1),
      stripeEvent("customer.subscription.updated", subscriptionObject("sub_replay", customer, "active"), 2),
      stripeEvent(
        "invoice.payment_failed",
        { id: "in_replay", object: "invoice", parent: { subscription_details: { subscription: "sub_replay" } } },
        3,
      ),
      stripeEvent("customer.subscription.deleted", subscriptionObject("sub_replay", customer, "canceled"), 4),
    ];
    for (const event of events) {
      const answers = [];
      // Ten deliveries of the same event, two at a time.
      for (let round = 0; round < 5; round += 1) answers.push(...(await Promise.all([deliver(event), deliver(event)])));
      expect(
        answers.every((response) => response.statusCode === 200),
        event.type,
      ).toBe(true);
      expect(
        answers.filter((response) => response.json().outcome === "applied"),
        event.type,
      ).toHaveLength(1);
      expect(
        answers.filter((response) => response.json().outcome === "duplicate"),
        event.type,
      ).toHaveLength(9);
      const rows = await server.database.db.select().from(stripeEvents).where(eq(stripeEvents.eventId, event.id));
      expect(rows, event.type).toHaveLength(1);
    }
    const [subscription] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.subscriptionId, "sub_replay"));
    expect(subscription?.status).toBe("canceled");
  });

  it("ends in the same state whether 100 lifecycle events arrive in order or shuffled", async () => {
    const statuses = ["trialing", "active", "past_due", "active", "canceled"];
    const buildEvents = (subscriptionId: string) =>
      Array.from({ length: 100 }, (_, index) =>
        stripeEvent(
          index === 99 ? "customer.subscription.deleted" : "customer.subscription.updated",
          subscriptionObject(
            subscriptionId,
            `cus_${subscriptionId}`,
            index === 99 ? "canceled" : (statuses[index % 4] ?? "active"),
            30 + index,
          ),
          index,
        ),
      );
    const inOrder = buildEvents("sub_ordered");
    for (const event of inOrder) await deliver(event);
    const shuffled = buildEvents("sub_shuffled");
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j] as (typeof shuffled)[number], shuffled[i] as (typeof shuffled)[number]];
    }
    for (const event of shuffled) await deliver(event);

    const read = async (id: string) => {
      const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, id));
      const { subscriptionId: _id, customerId: _customer, updatedAt: _updated, ...state } = row ?? ({} as never);
      return state;
    };
    const ordered = await read("sub_ordered");
    expect(ordered).toMatchObject({ status: "canceled" });
    expect(await read("sub_shuffled")).toEqual(ordered);
  });

  it("stores and acknowledges events for unknown users and customers, and ignores unknown types", async () => {
    const unknownUser = await deliver(
      stripeEvent("checkout.session.completed", {
        id: "cs_x",
        object: "checkout.session",
        client_reference_id: "999999",
        customer: "cus_nobody",
      }),
    );
    expect(unknownUser.statusCode).toBe(200);
    expect(unknownUser.json().outcome).toBe("unknownUser");
    const failedInvoice = await deliver(
      stripeEvent("invoice.payment_failed", {
        id: "in_1",
        object: "invoice",
        parent: { subscription_details: { subscription: "sub_never_seen" } },
      }),
    );
    expect(failedInvoice.json().outcome).toBe("unknownSubscription");
    const unknownType = await deliver(stripeEvent("charge.dispute.funds_withdrawn", { id: "du_1" }));
    expect(unknownType.statusCode).toBe(200);
    expect(unknownType.json().outcome).toBe("ignored");
  });
});

describe("pricing session, billing portal and entitlement", () => {
  it("shows no plan before a purchase, then the plan once Stripe says so", async () => {
    const user = await accountAtPricing();
    const post = (url: string) =>
      server.app.inject({ method: "POST", url, headers: { ...xhrHeaders, ...user.headers } });
    expect((await post("/api/pricing-session")).json()).toEqual({
      userId: user.userId,
      email: expect.stringMatching(/^billing\d+@example\.ca$/),
    });
    expect((await post("/api/billing-portal")).statusCode).toBe(409);

    await deliver(
      stripeEvent("checkout.session.completed", {
        id: "cs_2",
        object: "checkout.session",
        client_reference_id: user.userId,
        customer: "cus_plan",
      }),
    );
    await deliver(
      stripeEvent(
        "customer.subscription.created",
        subscriptionObject("sub_plan", "cus_plan", "active", 30, "Precis Annual"),
      ),
    );
    expect((await post("/api/pricing-session")).json().plan).toEqual({
      name: "Precis Annual",
      details: "Unlimited memos, case chat and search optimizer",
      price: { period: "month" },
    });

    stripe.requests.length = 0;
    const portal = await post("/api/billing-portal");
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({ url: "https://billing.stripe.test/p/cus_plan" });
    expect(stripe.requests[0]?.authorization).toBe("Bearer sk_test_local");
    expect(stripe.requests[0]?.form.get("return_url")).toBe("http://localhost:8081/subscription");

    const entitlement = await server.app.inject({ method: "GET", url: "/api/entitlement", headers: user.headers });
    expect(entitlement.json()).toMatchObject({
      access: "subscription",
      memo: { monthlyLimit: null, usedThisMonth: 0 },
    });
  });

  it("needs a session for each of them", async () => {
    for (const [method, url] of [
      ["POST", "/api/pricing-session"],
      ["POST", "/api/billing-portal"],
      ["GET", "/api/entitlement"],
      ["POST", "/api/memo-usage"],
    ] as const) {
      expect((await server.app.inject({ method, url, headers: xhrHeaders })).statusCode, url).toBe(401);
    }
  });

  it("answers the trial, then the student access, as the clock and occupation say", async () => {
    const user = await accountAtPricing("lawyer");
    const entitlement = async () =>
      (await server.app.inject({ method: "GET", url: "/api/entitlement", headers: user.headers })).json();
    expect(await entitlement()).toMatchObject({ access: "trial" });
    time.advanceDays(20);
    expect(await entitlement()).toMatchObject({ access: "trial" });
    time.advanceDays(11);
    expect(await entitlement()).toEqual({
      access: "none",
      endsAt: null,
      memo: { monthlyLimit: 0, usedThisMonth: 0 },
      needsAcademicEmail: false,
    });
    // At a non-academic address, becoming a student only says how to get student access.
    await server.app.inject({
      method: "PATCH",
      url: "/api/user-details",
      headers: { ...xhrHeaders, ...user.headers },
      payload: { occupation: "law student" },
    });
    expect(await entitlement()).toMatchObject({ access: "none", needsAcademicEmail: true });
  });

  it("says a second account of the same address (a +tag or Gmail's dots) gets no trial because it was used", async () => {
    const first = await accountAtPricing("lawyer", "jean.tremblay@gmail.com");
    const entitlementOf = async (user: { headers: Record<string, string> }) =>
      (await server.app.inject({ method: "GET", url: "/api/entitlement", headers: user.headers })).json();
    expect(await entitlementOf(first)).toMatchObject({ access: "trial" });
    expect(await entitlementOf(first)).not.toHaveProperty("trialUsedByAddress");
    for (const variant of ["jean.tremblay+precis@gmail.com", "jeantremblay@gmail.com"]) {
      const again = await accountAtPricing("lawyer", variant);
      expect(await entitlementOf(again)).toEqual({
        access: "none",
        endsAt: null,
        memo: { monthlyLimit: 0, usedThisMonth: 0 },
        needsAcademicEmail: false,
        trialUsedByAddress: true,
      });
    }
  });
});

describe("memo usage", () => {
  it("counts exactly under 20 concurrent calls at a cap of 10", async () => {
    const user = await accountAtPricing();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.app.inject({ method: "POST", url: "/api/memo-usage", headers: { ...xhrHeaders, ...user.headers } }),
      ),
    );
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((response) => response.statusCode === 402);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.json().message).toBe("You have reached this month's memo limit for your plan.");
    const entitlement = await server.app.inject({ method: "GET", url: "/api/entitlement", headers: user.headers });
    expect(entitlement.json().memo).toEqual({ monthlyLimit: 10, usedThisMonth: 10 });
  });

  it("is unlimited by default", async () => {
    await withTestServer({}, async (unlimited) => {
      const { session } = await registerAccount(unlimited, "unlimited@example.ca", { isVerified: true });
      const headers = { ...xhrHeaders, ...session.headers };
      for (let i = 0; i < 25; i += 1) {
        expect((await unlimited.app.inject({ method: "POST", url: "/api/memo-usage", headers })).statusCode).toBe(200);
      }
    });
  });
});
