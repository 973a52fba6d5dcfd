import type { OperationName } from "@precis/contract/operations";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../src/db/schema/index.ts";
import { hashSecret } from "../src/modules/sessions/service.ts";
import { createTestClock, verifyEmailThroughApi, xhrHeaders } from "./harness.ts";
import type { Session } from "./support/accounts.ts";
import { createFirmPeople, type Person } from "./support/firms.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { createStripeEvents, deliverStripeEvent, stripeSubscription, useStripeStandIn } from "./support/stripe.ts";
import { useTestServer } from "./support/test-server.ts";

/**
 * Issue 44, seats and billing: a firm buys seats through Stripe Checkout, Stripe's signed webhooks keep its seats
 * and status, every member of a subscribed firm holds a seat (`access: "firm"`), and joins beyond the seats are
 * refused. Stripe's API is a local stand-in; the events are really signed.
 */
const WEBHOOK_SECRET = "whsec_test_precis_firms";
const FIRM_PRICE = "price_firm_seat";
const PERSONAL_PRICE = "price_personal_month";
const time = createTestClock();

/** The stand-in for Stripe's API: Checkout, the portal and cancellation, each request remembered. */
let isCancelRefused = false;
const stripe = useStripeStandIn(({ method, path }, response) => {
  if (method === "POST" && path === "/v1/checkout/sessions") {
    const id = `cs_${stripe.requests.length}`;
    response.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/c/${id}` }));
    return true;
  }
  const cancelled = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
  if (method !== "DELETE" || !cancelled) return false;
  if (isCancelRefused) {
    response.statusCode = 400;
    response.end(JSON.stringify({ error: { type: "invalid_request_error", code: "refused", message: "no" } }));
    return true;
  }
  response.end(JSON.stringify({ id: cancelled[1], object: "subscription", status: "canceled" }));
  return true;
});

const server = useTestServer({
  time,
  smtp: true,
  env: () => ({
    ...stripe.env(WEBHOOK_SECRET),
    STRIPE_FIRM_PRICE_ID: FIRM_PRICE,
    MEMO_MONTHLY_LIMIT_TRIAL: "10",
    MEMO_MONTHLY_LIMIT_FIRM: "500",
    REGISTER_MAX_PER_IP: "1000",
    AUTH_MAX_PER_IP: "1000",
    PUBLIC_URL: "http://localhost:8081",
  }),
});

const { person, join, firmOf: firmWithMembers, invitationFor } = createFirmPeople(server, time);
const call = (who: Session | null, name: OperationName, options?: OperationCall) =>
  callOperation(server, who, name, options);

/** A firm with an owner, an admin and `memberCount` members. */
async function firmOf(prefix: string, memberCount = 1) {
  const firm = await firmWithMembers(prefix, memberCount);
  return { ...firm, admin: await join(firm.firmId, `admin@${prefix}.example`, "admin") };
}

const stripeEvent = createStripeEvents(time, "evt_firm");
const subscriptionObject = (
  id: string,
  customer: string,
  {
    status = "active",
    seats = 5,
    firmId,
    periodEndDays = 30,
  }: { status?: string; seats?: number; firmId?: number; periodEndDays?: number } = {},
) =>
  stripeSubscription(time, {
    id,
    customer,
    status,
    periodEndDays,
    // A firm's, as the server's Checkout session makes it (the firm plan's price, the firm in its metadata, which
    // Stripe repeats on every event of the subscription); else a person's monthly plan.
    metadata: firmId === undefined ? {} : { firm_id: String(firmId) },
    item:
      firmId === undefined
        ? { price: { id: PERSONAL_PRICE, nickname: "Precis monthly" } }
        : { quantity: seats, price: { id: FIRM_PRICE, nickname: "Precis for firms" } },
  });

async function deliver(event: object) {
  const response = await deliverStripeEvent(server, time, event, { secret: WEBHOOK_SECRET });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().outcome as string;
}

/** The firm subscribed with `seats` seats, as Checkout and then Stripe's first subscription event leave it. */
async function subscribe(firmId: number, seats: number) {
  const customer = `cus_firm_${firmId}`;
  const subscription = `sub_firm_${firmId}`;
  await deliver(
    stripeEvent("checkout.session.completed", {
      id: `cs_done_${firmId}`,
      object: "checkout.session",
      metadata: { firm_id: String(firmId) },
      customer,
      subscription,
    }),
  );
  await deliver(
    stripeEvent("customer.subscription.created", subscriptionObject(subscription, customer, { seats, firmId }), 1),
  );
  return { customer, subscription };
}

const firmRow = async (firmId: number) =>
  (await server.database.db.select().from(schema.firms).where(eq(schema.firms.id, firmId)))[0];
const memberCountOf = async (firmId: number) =>
  (
    await server.database.db
      .select({ n: count() })
      .from(schema.firmMemberships)
      .where(eq(schema.firmMemberships.firmId, firmId))
  )[0]?.n ?? 0;
const entitlementOf = async (who: Session) =>
  (await server.app.inject({ method: "GET", url: "/api/entitlement", headers: who.headers })).json();

describe("buying seats", () => {
  it("is the owner's, for at least the member count: a Checkout session in subscription mode for the firm plan", async () => {
    const { owner, admin, members, firmId } = await firmOf("buyers", 2);
    // Four members: three seats cannot cover them, and nothing is asked of Stripe.
    const before = stripe.requests.length;
    const tooFew = await call(owner, "createFirmCheckout", { body: { seats: 3 } });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json()).toMatchObject({
      message: "Buy at least 4 seats: one for each member of your firm.",
      fields: [{ path: "seats" }],
    });
    for (const seats of [0, 2.5, "5", 10_001]) {
      expect((await call(owner, "createFirmCheckout", { body: { seats } })).statusCode).toBe(400);
    }
    expect((await call(admin, "createFirmCheckout", { body: { seats: 4 } })).statusCode).toBe(403);
    expect((await call(members[0] ?? null, "createFirmCheckout", { body: { seats: 4 } })).statusCode).toBe(403);
    expect((await call(null, "createFirmCheckout", { body: { seats: 4 } })).statusCode).toBe(401);
    expect(stripe.requests.length).toBe(before);
    // No billing account before a purchase: no portal.
    const noPortal = await call(owner, "openFirmBillingPortal");
    expect(noPortal.statusCode).toBe(409);
    expect(noPortal.json().message).toBe("Your firm has no billing account yet. Buy seats first.");

    const bought = await call(owner, "createFirmCheckout", { body: { seats: 6 } });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/cs_\d+$/);
    const sent = stripe.requests.at(-1);
    expect(sent?.path).toBe("/v1/checkout/sessions");
    expect(Object.fromEntries(sent?.form ?? [])).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": FIRM_PRICE,
      "line_items[0][quantity]": "6",
      "metadata[firm_id]": String(firmId),
      "subscription_data[metadata][firm_id]": String(firmId),
      customer_email: owner.email,
    });
    // Buying seats changes nothing until Stripe says it was paid.
    expect((await firmRow(firmId))?.seatQuantity).toBeNull();
    expect((await entitlementOf(owner)).access).toBe("trial");
  });
});

describe("Stripe's events for a firm", () => {
  it("keep its seats, status and subscription, once each and newest last, and the trail says so", async () => {
    const { owner, admin, members, firmId } = await firmOf("webhooks", 1);
    const { customer, subscription } = await subscribe(firmId, 5);
    expect(await firmRow(firmId)).toMatchObject({
      stripeCustomerId: customer,
      stripeSubscriptionId: subscription,
      subscriptionStatus: "active",
      seatQuantity: 5,
    });
    const seen = (await call(owner, "getFirm")).json().firm;
    expect(seen.billing).toMatchObject({
      seated: true,
      status: "active",
      seats: 5,
      seatsPromised: 3,
      hasBillingAccount: true,
    });
    expect((await call(admin, "getFirm")).json().firm.billing).toMatchObject({ seated: true, seats: 5 });
    expect((await call(members[0] ?? null, "getFirm")).json().firm.billing).toBeUndefined();

    // More seats in the portal; a replay of it is a duplicate, and an older update arriving late is stale.
    const more = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject(subscription, customer, { seats: 8, firmId }),
      20,
    );
    expect(await deliver(more)).toBe("applied");
    expect(await deliver(more)).toBe("duplicate");
    const older = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject(subscription, customer, { seats: 6, firmId }),
      10,
    );
    expect(await deliver(older)).toBe("stale");
    expect((await firmRow(firmId))?.seatQuantity).toBe(8);

    const trail = await server.database.db
      .select()
      .from(schema.firmAuditEvents)
      .where(and(eq(schema.firmAuditEvents.firmId, firmId), eq(schema.firmAuditEvents.event, "seats_changed")));
    expect(trail.map((entry) => entry.details)).toEqual([
      { seats: 5, previousSeats: null, status: "active", previousStatus: null },
      { seats: 8, previousSeats: 5, status: "active", previousStatus: "active" },
    ]);

    // A running subscription changes seats in the portal, not through a second purchase.
    const again = await call(owner, "createFirmCheckout", { body: { seats: 10 } });
    expect(again.statusCode).toBe(409);
    const portal = await call(owner, "openFirmBillingPortal");
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toBe(`https://billing.stripe.test/p/${customer}`);
    expect(stripe.requests.at(-1)?.form.get("return_url")).toBe("http://localhost:8081/firm?tab=billing");
    expect((await call(admin, "openFirmBillingPortal")).statusCode).toBe(403);
  });

  it("find the firm when the subscription's event comes before Checkout's", async () => {
    const { owner, firmId } = await firmOf("early", 0);
    const customer = "cus_early";
    const created = stripeEvent(
      "customer.subscription.created",
      subscriptionObject("sub_early", customer, { seats: 3, firmId }),
    );
    expect(await deliver(created)).toBe("applied");
    const completed = stripeEvent(
      "checkout.session.completed",
      {
        id: "cs_early",
        object: "checkout.session",
        metadata: { firm_id: String(firmId) },
        customer,
        subscription: "sub_early",
      },
      -5,
    );
    expect(await deliver(completed)).toBe("applied");
    expect(await firmRow(firmId)).toMatchObject({
      stripeSubscriptionId: "sub_early",
      subscriptionStatus: "active",
      seatQuantity: 3,
    });
    // A later update carries the subscription's metadata, as Stripe sends each, and reaches the firm.
    const update = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject("sub_early", customer, { seats: 4, firmId }),
      5,
    );
    expect(await deliver(update)).toBe("applied");
    expect((await firmRow(firmId))?.seatQuantity).toBe(4);
    expect((await entitlementOf(owner)).access).toBe("firm");
  });
});

describe("a Checkout the server did not create (issue 53, finding 3)", () => {
  it("names no firm by its client_reference_id: a personal plan's for firm-<id> attaches nothing, and the firm's own checkout still works", async () => {
    const { owner, firmId } = await firmOf("victim", 1);
    const attacker = await person("attacker@elsewhere.example");
    // A personal pricing table's reference id is a page attribute: set to the victim firm's, and paid for.
    const completed = stripeEvent("checkout.session.completed", {
      id: "cs_attacker",
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: `firm-${firmId}`,
      customer: "cus_attacker",
      subscription: "sub_attacker",
    });
    expect(await deliver(completed)).toBe("unknownUser");
    expect(
      await deliver(
        stripeEvent("customer.subscription.created", subscriptionObject("sub_attacker", "cus_attacker"), 1),
      ),
    ).toBe("applied");
    // The firm's price without the firm in the metadata names no firm either.
    const unnamed = subscriptionObject("sub_attacker_seats", "cus_attacker", { seats: 1, firmId });
    unnamed.metadata = {};
    await deliver(stripeEvent("customer.subscription.created", unnamed, 2));
    expect(await firmRow(firmId)).toMatchObject({
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      subscriptionStatus: null,
      seatQuantity: null,
    });
    // The owner still buys, invites beyond one seat, and has no billing account to open yet.
    const noPortal = await call(owner, "openFirmBillingPortal");
    expect(noPortal.statusCode).toBe(409);
    expect(
      (await call(owner, "inviteToFirm", { body: { email: "next@victim.example", role: "member" } })).statusCode,
    ).toBe(200);
    expect((await call(owner, "createFirmCheckout", { body: { seats: 4 } })).statusCode).toBe(200);
    expect((await entitlementOf(attacker)).firm).toBeUndefined();

    const { customer, subscription } = await subscribe(firmId, 4);
    expect(await firmRow(firmId)).toMatchObject({
      stripeCustomerId: customer,
      stripeSubscriptionId: subscription,
      seatQuantity: 4,
    });
    expect((await entitlementOf(owner)).access).toBe("firm");
  });

  it("takes a subscription only at the firm price with the firm in its metadata, and never another customer's", async () => {
    const { owner, firmId } = await firmOf("guarded", 0);
    const { customer, subscription } = await subscribe(firmId, 3);
    // Another customer's subscription naming the firm, while the firm's runs: stale, the firm's stays.
    const other = stripeEvent(
      "customer.subscription.created",
      subscriptionObject("sub_other", "cus_other", { seats: 50, firmId }),
      10,
    );
    expect(await deliver(other)).toBe("stale");
    // A personal price, even with the firm in its metadata, is not the firm's subscription.
    const personal = subscriptionObject("sub_personal_guarded", customer, { seats: 50, firmId });
    personal.items.data[0] = {
      ...personal.items.data[0],
      price: { id: PERSONAL_PRICE, nickname: "Precis monthly", recurring: { interval: "month" } },
    } as (typeof personal.items.data)[0];
    await deliver(stripeEvent("customer.subscription.updated", personal, 11));
    expect(await firmRow(firmId)).toMatchObject({ stripeSubscriptionId: subscription, seatQuantity: 3 });

    // Once the firm's has ended, another customer's still does not become the firm's: only the firm's customer,
    // which the server's next Checkout reuses, buys again.
    await deliver(
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject(subscription, customer, { status: "canceled", seats: 3, firmId }),
        20,
      ),
    );
    expect(
      await deliver(
        stripeEvent(
          "customer.subscription.created",
          subscriptionObject("sub_other_2", "cus_other", { seats: 9, firmId }),
          30,
        ),
      ),
    ).toBe("stale");
    expect(
      await deliver(
        stripeEvent(
          "checkout.session.completed",
          {
            id: "cs_other",
            object: "checkout.session",
            metadata: { firm_id: String(firmId) },
            customer: "cus_other",
            subscription: "sub_other_2",
          },
          31,
        ),
      ),
    ).toBe("stale");
    expect(await firmRow(firmId)).toMatchObject({ stripeCustomerId: customer, stripeSubscriptionId: subscription });
    expect((await call(owner, "createFirmCheckout", { body: { seats: 2 } })).statusCode).toBe(200);
    expect(stripe.requests.at(-1)?.form.get("customer")).toBe(customer);
  });
});

describe("seats that count (issue 53, finding 4)", () => {
  it("lowered to one seat for six members: only the owner keeps the firm's access, the admins are emailed, and more seats seat them again", async () => {
    const { owner, admin, members, firmId } = await firmOf("lowered", 4);
    const [first, second, third, fourth] = members as [Person, Person, Person, Person];
    await server.database.db.update(schema.users).set({ locale: "fr" }).where(eq(schema.users.id, admin.userId));
    const { customer, subscription } = await subscribe(firmId, 6);
    for (const who of [owner, admin, ...members]) expect((await entitlementOf(who)).access).toBe("firm");
    // The mail of the accounts' registration goes out first: what follows is the seats' alone.
    await server.app.mailWorker.runOnce();
    const inboxBefore = server.smtp.inbox.length;

    const lowered = (seats: number, offset: number) =>
      deliver(
        stripeEvent(
          "customer.subscription.updated",
          subscriptionObject(subscription, customer, { seats, firmId }),
          offset,
        ),
      );
    expect(await lowered(1, 10)).toBe("applied");
    expect((await entitlementOf(owner)).access).toBe("firm");
    for (const who of [admin, ...members]) {
      expect(await entitlementOf(who)).toMatchObject({
        access: "trial",
        firm: { id: firmId },
        firmUnseated: { name: "lowered LLP" },
      });
    }
    // Nobody is removed, and a member without a seat counts memos on their own access.
    expect(await memberCountOf(firmId)).toBe(6);
    const memo = await server.app.inject({
      method: "POST",
      url: "/api/memo-usage",
      headers: { ...xhrHeaders, ...first.headers },
    });
    expect(memo.json()).toMatchObject({ access: "trial", memo: { monthlyLimit: 10 } });

    // The owner and the admin are told, each in their language, with a fixed subject; members are not.
    await server.app.mailWorker.runOnce();
    const mails = server.smtp.inbox.slice(inboxBefore);
    expect(mails.map((mail) => mail.to).sort()).toEqual([admin.email, owner.email].sort());
    const toOwner = mails.find((mail) => mail.to === owner.email);
    expect(toOwner?.subject).toBe("Some members of your firm no longer have a seat");
    expect(toOwner?.text).toContain("Seats: 1. Members: 6. Without a seat: 5.");
    expect(toOwner?.text).toContain("http://localhost:8081/firm?tab=billing");
    const toAdmin = mails.find((mail) => mail.to === admin.email);
    expect(toAdmin?.subject).toBe("Des membres de votre cabinet n'ont plus de siège");
    expect(toAdmin?.text).toContain("Sièges\u00a0: 1. Membres\u00a0: 6. Sans siège\u00a0: 5.");

    // More seats: they go back in seat order, and nobody is emailed.
    expect(await lowered(3, 20)).toBe("applied");
    expect((await entitlementOf(first)).access).toBe("firm");
    expect((await entitlementOf(second)).access).toBe("firm");
    for (const who of [third, fourth, admin]) expect((await entitlementOf(who)).firmUnseated).toBeDefined();
    expect(await lowered(6, 30)).toBe("applied");
    for (const who of [owner, admin, ...members]) {
      const entitlement = await entitlementOf(who);
      expect(entitlement.access).toBe("firm");
      expect(entitlement.firmUnseated).toBeUndefined();
    }
    await server.app.mailWorker.runOnce();
    expect(server.smtp.inbox.length).toBe(inboxBefore + 2);
  });

  it("go to owners first, then by join date, and a seat freed by a departure goes to the next in that order", async () => {
    const { owner, admin, members, firmId } = await firmOf("ordered", 4);
    const [first, second, third, fourth] = members as [Person, Person, Person, Person];
    // The fourth member joined before everyone else, and the third is an owner, who comes before every member.
    await server.database.db
      .update(schema.firmMemberships)
      .set({ joinedAt: new Date(time.clock().getTime() - 86_400_000) })
      .where(eq(schema.firmMemberships.userId, fourth.userId));
    await server.database.db
      .update(schema.firmMemberships)
      .set({ role: "owner" })
      .where(eq(schema.firmMemberships.userId, third.userId));
    await subscribe(firmId, 3);
    const seatedOnes = async () => {
      const seated: string[] = [];
      for (const who of [owner, admin, ...members]) {
        if ((await entitlementOf(who)).access === "firm") seated.push(who.email);
      }
      return seated.sort();
    };
    expect(await seatedOnes()).toEqual([owner.email, third.email, fourth.email].sort());
    // The fourth leaves: their seat goes to the first member who joined after them, none taken from anyone.
    expect((await call(fourth, "leaveFirm")).statusCode).toBe(200);
    expect(await seatedOnes()).toEqual([owner.email, third.email, first.email].sort());
    // Removing a member without a seat frees none.
    expect((await call(owner, "removeFirmMember", { parameters: { userId: String(admin.userId) } })).statusCode).toBe(
      200,
    );
    expect(await seatedOnes()).toEqual([owner.email, third.email, first.email].sort());
    expect((await call(owner, "removeFirmMember", { parameters: { userId: String(first.userId) } })).statusCode).toBe(
      200,
    );
    expect(await seatedOnes()).toEqual([owner.email, third.email, second.email].sort());
  });
});

describe("seats", () => {
  it('give every member access "firm" with the firm plan\'s limits, while a firm policy still comes first', async () => {
    const { owner, members, firmId } = await firmOf("seated", 1);
    const member = members[0] as Person;
    expect(await entitlementOf(member)).toMatchObject({
      access: "trial",
      memo: { monthlyLimit: 10 },
      firm: { id: firmId },
    });
    await subscribe(firmId, 3);
    const entitlement = await entitlementOf(member);
    expect(entitlement).toMatchObject({
      access: "firm",
      memo: { monthlyLimit: 500, usedThisMonth: 0 },
      firm: { id: firmId, name: "seated LLP" },
    });
    expect(entitlement.endsAt).toBe(new Date(time.clock().getTime() + 30 * 86_400_000).toISOString());
    expect(entitlement.firmEnded).toBeUndefined();
    // Memos count against the firm plan's cap.
    const memo = await server.app.inject({
      method: "POST",
      url: "/api/memo-usage",
      headers: { ...xhrHeaders, ...member.headers },
    });
    expect(memo.statusCode).toBe(200);
    expect(memo.json()).toMatchObject({ access: "firm", memo: { usedThisMonth: 1 } });
    // Two-step verification required: the policy blocks, seat or not.
    await server.database.db.update(schema.firms).set({ requireTwoStep: true }).where(eq(schema.firms.id, firmId));
    expect(await entitlementOf(owner)).toMatchObject({ access: "policy", policyReason: "twoStepRequired" });
  });

  it("refuse invitations, accepts and domain joins beyond them, precisely, and remove nobody", async () => {
    const { owner, firmId } = await firmOf("full", 1);
    // Before a purchase no limit applies: two invitations go out for a firm of three.
    const early = await invitationFor(firmId, "early@full.example", owner.userId);
    await server.database.db.insert(schema.firmDomains).values({
      domain: "full.example",
      firmId,
      joinMode: "suggest",
      addedByUserId: owner.userId,
      createdAt: time.clock(),
      // As a check of its DNS record leaves it (decision 038): suggest and automatic need the proof.
      provenAt: time.clock(),
    });
    await subscribe(firmId, 4);
    // Three members and one open invitation hold all four seats.
    const refused = await call(owner, "inviteToFirm", { body: { email: "late@full.example", role: "member" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message:
        "Every seat your firm has bought is taken or held by an open invitation. Add seats, or revoke an invitation, first.",
      fields: [{ path: "seats", message: "4 of 4 seats are taken or held by open invitations" }],
    });
    expect(
      await server.database.db
        .select()
        .from(schema.firmInvitations)
        .where(eq(schema.firmInvitations.email, "late@full.example")),
    ).toEqual([]);
    // Resending the open one takes no more seats.
    expect(
      (await call(owner, "inviteToFirm", { body: { email: "early@full.example", role: "member" } })).statusCode,
    ).toBe(200);

    // A suggested domain join does not take the seat the open invitation holds (issue 56: seats counted once)…
    const first = await person("first@full.example");
    const held = await call(first, "joinFirmByDomain", { body: { firmId } });
    expect(held.statusCode, held.body).toBe(409);
    // …but takes the seat the owner adds, and the next one is refused.
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject(`sub_firm_${firmId}`, `cus_firm_${firmId}`, { seats: 5, firmId }),
        10,
      ),
    );
    const joined = await call(first, "joinFirmByDomain", { body: { firmId } });
    expect(joined.statusCode, joined.body).toBe(200);
    const second = await person("second@full.example");
    const full = await call(second, "joinFirmByDomain", { body: { firmId } });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      "Every seat of this firm is taken. Ask the firm's owner to add seats, then try again.",
    );
    // The owner lowers the seats back to four, all taken: the early invitation's accept is refused too, and stays
    // open for when seats are added.
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject(`sub_firm_${firmId}`, `cus_firm_${firmId}`, { seats: 4, firmId }),
        11,
      ),
    );
    const invited = await person("early@full.example");
    const resent = await server.database.db
      .select()
      .from(schema.firmInvitations)
      .where(eq(schema.firmInvitations.email, invited.email));
    await server.database.db
      .update(schema.firmInvitations)
      .set({ tokenHash: hashSecret(early) })
      .where(eq(schema.firmInvitations.id, resent[0]?.id ?? 0));
    const accept = await call(invited, "acceptFirmInvitation", { body: { token: early } });
    expect(accept.statusCode).toBe(409);
    expect(
      (
        await server.database.db
          .select()
          .from(schema.firmInvitations)
          .where(eq(schema.firmInvitations.email, invited.email))
      )[0]?.acceptedAt,
    ).toBeNull();

    // Automatic: a newly verified person at the domain is left out (their verification goes on), and the trail says so.
    await server.database.db
      .update(schema.firmDomains)
      .set({ joinMode: "automatic" })
      .where(eq(schema.firmDomains.domain, "full.example"));
    const automatic = await person("auto@full.example", { isVerified: false });
    await verifyEmailThroughApi(server, automatic.email, automatic);
    expect(
      await server.database.db
        .select()
        .from(schema.firmMemberships)
        .where(eq(schema.firmMemberships.userId, automatic.userId)),
    ).toEqual([]);
    const [refusal] = await server.database.db
      .select()
      .from(schema.firmAuditEvents)
      .where(and(eq(schema.firmAuditEvents.firmId, firmId), eq(schema.firmAuditEvents.event, "seat_refused")));
    expect(refusal).toMatchObject({ subjectUserId: automatic.userId, details: { domain: "full.example", seats: 4 } });

    // Fewer seats than members (the owner lowered them in the portal): nobody is removed.
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject(`sub_firm_${firmId}`, `cus_firm_${firmId}`, { seats: 2, firmId }),
        30,
      ),
    );
    expect(await memberCountOf(firmId)).toBe(4);
  });

  it("under 20 concurrent accepts, exactly the free seats are taken", async () => {
    const { owner, firmId } = await firmOf("rush", 0);
    const invitees: { who: Person; token: string }[] = [];
    for (let index = 0; index < 20; index += 1) {
      const email = `rush${index}@rush.example`;
      invitees.push({ who: await person(email), token: await invitationFor(firmId, email, owner.userId) });
    }
    // Two members (owner, admin) and seven seats: five are free.
    await subscribe(firmId, 7);
    const answers = await Promise.all(
      invitees.map(({ who, token }) => call(who, "acceptFirmInvitation", { body: { token } })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      "Every seat of this firm is taken. Ask the firm's owner to add seats, then try again.",
    );
    expect(await memberCountOf(firmId)).toBe(7);
  });
});

describe("the end of a firm's subscription", () => {
  it("sends members back to their own access, says why, lifts the limit and removes nobody", async () => {
    const { owner, members, firmId } = await firmOf("ended", 1);
    const { customer, subscription } = await subscribe(firmId, 3);
    expect((await entitlementOf(members[0] as Person)).access).toBe("firm");
    await deliver(
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject(subscription, customer, { status: "canceled", seats: 3, firmId }),
        60,
      ),
    );
    const after = await entitlementOf(members[0] as Person);
    expect(after).toMatchObject({ access: "trial", firmEnded: { name: "ended LLP" }, firm: { id: firmId } });
    expect(await memberCountOf(firmId)).toBe(3);
    expect((await call(owner, "getFirm")).json().firm.billing).toMatchObject({ seated: false, status: "canceled" });
    // No limit any more, and the firm may buy again.
    expect((await call(owner, "inviteToFirm", { body: { email: "a@ended.example", role: "member" } })).statusCode).toBe(
      200,
    );
    expect((await call(owner, "inviteToFirm", { body: { email: "b@ended.example", role: "member" } })).statusCode).toBe(
      200,
    );
    expect((await call(owner, "createFirmCheckout", { body: { seats: 3 } })).statusCode).toBe(200);
    // A new purchase replaces the ended subscription; a late event of the old one changes nothing.
    await deliver(
      stripeEvent(
        "customer.subscription.created",
        subscriptionObject("sub_ended_2", customer, { seats: 9, firmId }),
        120,
      ),
    );
    expect(await firmRow(firmId)).toMatchObject({ stripeSubscriptionId: "sub_ended_2", seatQuantity: 9 });
    const late = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject(subscription, customer, { status: "canceled", seats: 3, firmId }),
      90,
    );
    expect(await deliver(late)).toBe("stale");
    expect((await entitlementOf(members[0] as Person)).firmEnded).toBeUndefined();
  });
});

describe("a member who pays for a personal plan", () => {
  it("is told on joining that the seat covers them, and nothing is cancelled", async () => {
    const { owner, firmId } = await firmOf("covered", 0);
    await subscribe(firmId, 5);
    await server.database.db.insert(schema.firmDomains).values({
      domain: "covered.example",
      firmId,
      joinMode: "suggest",
      addedByUserId: owner.userId,
      createdAt: time.clock(),
      // As a check of its DNS record leaves it (decision 038): suggest and automatic need the proof.
      provenAt: time.clock(),
    });
    const payers: Person[] = [];
    for (const email of ["payer1@covered.example", "payer2@covered.example"]) {
      const payer = await person(email);
      const customer = `cus_personal_${payer.userId}`;
      await deliver(
        stripeEvent("checkout.session.completed", {
          id: `cs_p_${payer.userId}`,
          object: "checkout.session",
          client_reference_id: String(payer.userId),
          customer,
        }),
      );
      await deliver(
        stripeEvent("customer.subscription.created", subscriptionObject(`sub_personal_${payer.userId}`, customer), 1),
      );
      expect((await entitlementOf(payer)).access).toBe("subscription");
      payers.push(payer);
    }
    const [byInvitation, byDomain] = payers as [Person, Person];
    const token = await invitationFor(firmId, byInvitation.email, owner.userId);
    const requestsBefore = stripe.requests.length;
    const accepted = await call(byInvitation, "acceptFirmInvitation", { body: { token } });
    expect(accepted.json()).toMatchObject({ firm: { id: firmId }, personalPlanCovered: true });
    const joined = await call(byDomain, "joinFirmByDomain", { body: { firmId } });
    expect(joined.json()).toMatchObject({ firm: { id: firmId }, personalPlanCovered: true });
    expect(stripe.requests.length).toBe(requestsBefore);
    expect((await entitlementOf(byInvitation)).access).toBe("firm");
    // Someone who pays for nothing is told nothing.
    const plain = await person("plain@covered.example");
    expect((await call(plain, "joinFirmByDomain", { body: { firmId } })).json().personalPlanCovered).toBeUndefined();
  });
});

describe("closing a subscribed firm", () => {
  it("cancels its subscription through Stripe's API; if Stripe refuses, the firm stays", async () => {
    const { owner, firmId } = await firmOf("closing", 1);
    const { subscription } = await subscribe(firmId, 3);
    isCancelRefused = true;
    try {
      const refused = await call(owner, "deleteFirm");
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(
        "Stripe did not cancel the firm's subscription, so the firm was not closed. Try again in a few minutes.",
      );
      expect(await firmRow(firmId)).toBeDefined();
      expect(await memberCountOf(firmId)).toBe(3);
    } finally {
      isCancelRefused = false;
    }
    const closed = await call(owner, "deleteFirm");
    expect(closed.statusCode, closed.body).toBe(200);
    expect(stripe.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/v1/subscriptions/${subscription}` });
    expect(await firmRow(firmId)).toBeUndefined();
    expect(await memberCountOf(firmId)).toBe(0);
    // Stripe's word that the subscription was deleted then finds no firm, and changes nothing.
    expect(
      await deliver(
        stripeEvent(
          "customer.subscription.deleted",
          subscriptionObject(subscription, `cus_firm_${firmId}`, { status: "canceled", firmId }),
          60,
        ),
      ),
    ).toBe("unknownFirm");
  });
});

describe("deleting the account of a subscribed firm's last person", () => {
  it("cancels the firm's subscription before the firm closes with the account, and tries again if Stripe refuses", async () => {
    const alone = await person("alone@solo.example");
    const firmId: number = (await call(alone, "createFirm", { body: { name: "Solo LLP" } })).json().firm.id;
    const { subscription } = await subscribe(firmId, 1);
    await server.database.db
      .update(schema.users)
      .set({ deletionScheduledFor: time.clock() })
      .where(eq(schema.users.id, alone.userId));
    isCancelRefused = true;
    try {
      expect(await server.app.accountDeletion.runOnce()).toBe(0);
      expect(await firmRow(firmId)).toBeDefined();
    } finally {
      isCancelRefused = false;
    }
    time.advanceMinutes(61);
    expect(await server.app.accountDeletion.runOnce()).toBe(1);
    expect(stripe.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/v1/subscriptions/${subscription}` });
    expect(await firmRow(firmId)).toBeUndefined();
  });
});
