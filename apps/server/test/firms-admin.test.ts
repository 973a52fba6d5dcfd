import type { OperationName } from "@precis/contract/operations";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../src/db/schema/index.ts";
import { createTestClock, verifyEmailThroughApi } from "./harness.ts";
import { type Session, signIn } from "./support/accounts.ts";
import { createFirmPeople } from "./support/firms.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { useTestServer } from "./support/test-server.ts";
import { createAuthenticatorApp } from "./support/totp.ts";

/**
 * Issue 56, firm administration as a managing partner expects it: seats counted once (members plus open
 * invitations) for an automatic domain join; the join screen's read of an invitation and its decline; who complies
 * (second step, last sign-in, seat) in the members list; an admin ending a member's sessions.
 */
const time = createTestClock();
const server = useTestServer({
  time,
  env: () => ({ REGISTER_MAX_PER_IP: "1000", AUTH_MAX_PER_IP: "1000", PUBLIC_URL: "http://localhost:8081" }),
});
const { person, join, firmOf, invitationFor } = createFirmPeople(server, time);
const { codeAt } = createAuthenticatorApp(time);
const call = (who: { headers: object } | null, name: OperationName, options?: OperationCall) =>
  callOperation(server, who, name, options);
const db = () => server.database.db;

/** The firm subscribed with `seats` seats, as Stripe's webhooks leave its row. */
async function seat(firmId: number, seats: number) {
  await db()
    .update(schema.firms)
    .set({ stripeSubscriptionId: `sub_${firmId}`, subscriptionStatus: "active", seatQuantity: seats })
    .where(eq(schema.firms.id, firmId));
}

const mailsTo = (recipient: string) =>
  db().select().from(schema.mailOutbox).where(eq(schema.mailOutbox.recipient, recipient));
const trailOf = (firmId: number, event: string) =>
  db()
    .select()
    .from(schema.firmAuditEvents)
    .where(and(eq(schema.firmAuditEvents.firmId, firmId), eq(schema.firmAuditEvents.event, event)));
const statusOf = async (who: Session) => (await call(who, "getEntitlement")).statusCode;
/** `caller` ends every session of the account `userId`. */
const endSessionsOf = (caller: Session, userId: number) =>
  call(caller, "endFirmMemberSessions", { parameters: { userId: String(userId) } });

describe("seats counted once", () => {
  it("refuses an automatic domain join when members and open invitations hold every seat, logs it and emails the admins", async () => {
    const { owner, firmId } = await firmOf("held", 2);
    const admin = await join(firmId, "admin@held.example", "admin");
    await db().insert(schema.firmDomains).values({
      firmId,
      domain: "held.example",
      joinMode: "automatic",
      createdAt: time.clock(),
      provenAt: time.clock(),
    });
    // 4 members, 2 open invitations, 6 seats: none free, though only 4 are taken.
    await invitationFor(firmId, "one@elsewhere.example", owner.userId);
    await invitationFor(firmId, "two@elsewhere.example", owner.userId);
    await seat(firmId, 6);

    const billing = (await call(owner, "getFirm")).json().firm.billing;
    expect(billing).toMatchObject({ seats: 6, seatsPromised: 6 });

    const newcomer = await person("newcomer@held.example", { isVerified: false });
    await verifyEmailThroughApi(server, newcomer.email, newcomer);
    expect(
      await db().select().from(schema.firmMemberships).where(eq(schema.firmMemberships.userId, newcomer.userId)),
    ).toEqual([]);
    const [refusal] = await trailOf(firmId, "seat_refused");
    expect(refusal).toMatchObject({
      subjectUserId: newcomer.userId,
      details: { domain: "held.example", seats: 6, members: 4, openInvitations: 2 },
    });
    for (const to of [owner.email, admin.email]) {
      const mails = await mailsTo(to);
      expect(mails.map((mail) => mail.subject)).toContain("Someone could not join your firm: no free seat");
      expect(mails.find((mail) => mail.subject.startsWith("Someone"))?.textBody).toContain("newcomer@held.example");
    }
    // Home's suggestion counts the same: the seats the invitations hold are not taken from it either.
    const joined = await call(newcomer, "joinFirmByDomain", { body: { firmId } });
    expect(joined.statusCode, joined.body).toBe(409);

    // Revoking an invitation frees its seat: the next newcomer joins.
    await db()
      .update(schema.firmInvitations)
      .set({ revokedAt: time.clock() })
      .where(eq(schema.firmInvitations.email, "one@elsewhere.example"));
    const next = await person("next@held.example", { isVerified: false });
    await verifyEmailThroughApi(server, next.email, next);
    expect(
      await db().select().from(schema.firmMemberships).where(eq(schema.firmMemberships.userId, next.userId)),
    ).toHaveLength(1);
  });

  it("lets a newcomer with their own open invitation take the seat it holds", async () => {
    const { owner, firmId } = await firmOf("own", 1);
    await db().insert(schema.firmDomains).values({
      firmId,
      domain: "own.example",
      joinMode: "automatic",
      createdAt: time.clock(),
      provenAt: time.clock(),
    });
    await invitationFor(firmId, "invited@own.example", owner.userId);
    await seat(firmId, 3);
    const invited = await person("invited@own.example", { isVerified: false });
    await verifyEmailThroughApi(server, invited.email, invited);
    expect(
      await db().select().from(schema.firmMemberships).where(eq(schema.firmMemberships.userId, invited.userId)),
    ).toHaveLength(1);
  });
});

describe("the join screen's invitation", () => {
  it("names the firm, the inviter and the role to whoever holds the token, signed in or out, and nothing else", async () => {
    const { owner, firmId } = await firmOf("peek", 0);
    await db()
      .update(schema.users)
      .set({ firstName: "Anne", lastName: "Tremblay" })
      .where(eq(schema.users.id, owner.userId));
    const token = await invitationFor(firmId, "guest@peek.example", owner.userId, "admin");
    const expected = { firmName: "peek LLP", inviterName: "Anne Tremblay", role: "admin" };

    const signedOut = await call(null, "previewFirmInvitation", { body: { token } });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect(signedOut.json()).toEqual(expected);
    expect(signedOut.body).not.toContain("guest@peek.example");
    expect(signedOut.headers["cache-control"]).toContain("no-store");
    const stranger = await person("stranger@else.example");
    expect((await call(stranger, "previewFirmInvitation", { body: { token } })).json()).toEqual(expected);
  });

  it("answers the same 404 for a token unknown, expired, accepted or withdrawn", async () => {
    const { owner, firmId } = await firmOf("gone", 0);
    const expired = await invitationFor(firmId, "expired@gone.example", owner.userId);
    await db()
      .update(schema.firmInvitations)
      .set({ expiresAt: time.clock() })
      .where(eq(schema.firmInvitations.email, "expired@gone.example"));
    const withdrawn = await invitationFor(firmId, "withdrawn@gone.example", owner.userId);
    await db()
      .update(schema.firmInvitations)
      .set({ revokedAt: time.clock() })
      .where(eq(schema.firmInvitations.email, "withdrawn@gone.example"));
    const used = await invitationFor(firmId, "used@gone.example", owner.userId);
    const user = await person("used@gone.example");
    expect((await call(user, "acceptFirmInvitation", { body: { token: used } })).statusCode).toBe(200);
    const answers = await Promise.all(
      [expired, withdrawn, used, "token-nobody-ever-had-0123456789"].map((token) =>
        call(null, "previewFirmInvitation", { body: { token } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    // Word for word the same answer, but its request's own id.
    const withoutRequestId = answers.map((answer) => ({ ...answer.json(), requestId: undefined }));
    expect(new Set(withoutRequestId.map((answer) => JSON.stringify(answer))).size, answers[0]?.body).toBe(1);
    const declines = await Promise.all(
      [expired, withdrawn, used].map((token) => call(null, "declineFirmInvitation", { body: { token } })),
    );
    expect(declines.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
  });

  it("a decline closes the invitation, is in the trail, and tells the inviter in their language", async () => {
    const { owner, firmId } = await firmOf("nope", 0);
    await db().update(schema.users).set({ locale: "fr" }).where(eq(schema.users.id, owner.userId));
    const token = await invitationFor(firmId, "guest@nope.example", owner.userId);

    const declined = await call(null, "declineFirmInvitation", { body: { token } });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await call(null, "previewFirmInvitation", { body: { token } })).statusCode).toBe(404);
    const invitee = await person("guest@nope.example");
    expect((await call(invitee, "acceptFirmInvitation", { body: { token } })).statusCode).toBe(404);
    expect((await call(owner, "getFirmInvitations")).json().invitations).toEqual([]);
    const [entry] = await trailOf(firmId, "invitation_declined");
    expect(entry).toMatchObject({ actorUserId: null, details: { email: "guest@nope.example", role: "member" } });
    const audit = (await call(owner, "getFirmAudit")).json().events;
    expect(audit[0]).toMatchObject({ event: "invitation_declined", details: { email: "guest@nope.example" } });
    const [mail] = (await mailsTo(owner.email)).filter((row) => row.subject.includes("déclinée"));
    expect(mail?.subject).toBe("Une invitation à votre cabinet a été déclinée sur Precis");
    expect(mail?.textBody).toContain("guest@nope.example a décliné votre invitation");
    // Declining again changes nothing and tells nobody twice.
    expect((await call(null, "declineFirmInvitation", { body: { token } })).statusCode).toBe(404);
    expect(await trailOf(firmId, "invitation_declined")).toHaveLength(1);
  });

  it("is rate-limited per address signed out, as accepting is", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt += 1) {
      const answer = await call(null, "previewFirmInvitation", {
        body: { token: `token-guess-${attempt}-0123456789abcdef` },
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe("who complies", () => {
  it("shows owners and admins each member's second step (on or off), last sign-in day and seat", async () => {
    const { owner, members, firmId } = await firmOf("comply", 2);
    const [withApp, without] = members;
    if (!withApp || !without) throw new Error("no members");
    const setup = await call(withApp, "setUpTotp");
    expect((await call(withApp, "enableTotp", { body: { code: codeAt(setup.json().secret) } })).statusCode).toBe(200);

    const before = (await call(owner, "getFirmMembers")).json().members;
    const day = time.clock().toISOString().slice(0, 10);
    expect(before.map((member: object) => ({ ...member, joinedAt: undefined, userId: undefined }))).toEqual([
      expect.objectContaining({ role: "owner", hasSecondStep: false, lastSignInDay: day, hasSeat: null }),
      expect.objectContaining({ email: withApp.email, hasSecondStep: true, lastSignInDay: day, hasSeat: null }),
      expect.objectContaining({ email: without.email, hasSecondStep: false, lastSignInDay: day, hasSeat: null }),
    ]);
    // Never the factors themselves.
    expect(JSON.stringify(before)).not.toMatch(/totp|passkey|secret/i);

    // Two seats for three members: the last to join has none.
    await seat(firmId, 2);
    await db()
      .update(schema.firmMemberships)
      .set({ seated: false })
      .where(eq(schema.firmMemberships.userId, without.userId));
    const seated = (await call(owner, "getFirmMembers")).json().members;
    expect(seated.map((member: { hasSeat: boolean | null }) => member.hasSeat)).toEqual([true, true, false]);
    // A member sees no list at all.
    expect((await call(without, "getFirmMembers")).statusCode).toBe(403);
  });
});

describe("ending a member's sessions", () => {
  it("signs the member out of the portal and the extension at once, audited and emailed, by an admin with the step-up", async () => {
    const { owner, members, firmId } = await firmOf("endall", 1);
    const [member] = members;
    if (!member) throw new Error("no member");
    const admin = await join(firmId, "admin@endall.example", "admin");
    const elsewhere = await person("other@elsewhere.example");
    // A second session of the member, as another device's (or the extension's: every session is in one table).
    const secondCookie = await signIn(server, member.email);

    // The step-up: an admin signed in long ago is asked to prove it again first, and nothing ends.
    time.advanceMinutes(20);
    const stale = await endSessionsOf(admin, member.userId);
    expect(stale.statusCode).toBe(403);
    expect(await statusOf(member)).toBe(200);
    const adminNow = await signIn(server, admin.email);

    const ended = await endSessionsOf(adminNow, member.userId);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ Status: "Success" });
    expect(await statusOf(member)).toBe(401);
    expect(await statusOf(secondCookie)).toBe(401);
    expect(await statusOf(adminNow)).toBe(200);
    const live = await db()
      .select()
      .from(schema.sessions)
      .where(and(eq(schema.sessions.userId, member.userId)));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    const [entry] = await trailOf(firmId, "member_sessions_ended");
    expect(entry).toMatchObject({ actorUserId: admin.userId, subjectUserId: member.userId, details: {} });
    expect((await mailsTo(member.email)).map((mail) => mail.subject)).toContain("Your firm signed you out of Precis");

    // Not someone of another firm, not oneself.
    const outsider = await endSessionsOf(adminNow, elsewhere.userId);
    expect(outsider.statusCode).toBe(404);
    expect(await statusOf(elsewhere)).toBe(200);
    const self = await endSessionsOf(adminNow, admin.userId);
    expect(self.statusCode).toBe(409);
    // An admin cannot end an owner's; an owner can end an admin's.
    const onOwner = await endSessionsOf(adminNow, owner.userId);
    expect(onOwner.statusCode).toBe(403);
    expect(await statusOf(owner)).toBe(200);
    const ownerNow = await signIn(server, owner.email);
    const onAdmin = await endSessionsOf(ownerNow, admin.userId);
    expect(onAdmin.statusCode, onAdmin.body).toBe(200);
    expect(await statusOf(adminNow)).toBe(401);
    // A member may not.
    const memberNow = await signIn(server, member.email);
    const byMember = await endSessionsOf(memberNow, admin.userId);
    expect(byMember.statusCode).toBe(403);
  });
});
