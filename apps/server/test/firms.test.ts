import { type OperationName, operations } from "@precis/contract/operations";
import { and, count, eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  firmAuditEvents,
  firmDomains,
  firmInvitations,
  firmMemberships,
  firms,
  users,
} from "../src/db/schema/index.ts";
import { hashSecret } from "../src/modules/sessions/service.ts";
import { createTestClock, verifyEmailThroughApi, xhrHeaders } from "./harness.ts";
import type { ReceivedMail } from "./smtp.ts";
import { signIn } from "./support/accounts.ts";
import { addProvenFirmDomain, proveFirmDomain, useDnsServer } from "./support/dns.ts";
import { createFirmPeople, type Person } from "./support/firms.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { useTestServer } from "./support/test-server.ts";

/**
 * Issue 44, phase 1: firms, their members and roles, invitations, domains and the audit trail, through the API on
 * the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with the emails read from a real SMTP server.
 */
const ORIGIN = "http://localhost:8081";

const time = createTestClock();

const dns = useDnsServer();
const server = useTestServer({
  time,
  isNewDayEachTest: false,
  smtp: true,
  env: () => ({ ...dns.env(), PUBLIC_URL: ORIGIN, REGISTER_MAX_PER_IP: "1000", AUTH_MAX_PER_IP: "1000" }),
});

const { person } = createFirmPeople(server, time);

const call = (session: { headers: object } | null, name: OperationName, options?: OperationCall) =>
  callOperation(server, session, name, options);

/** Sends the outbox through the real SMTP server and returns what arrived for `to` since `since` mails. */
async function deliveredTo(to: string) {
  await server.app.mailWorker.runOnce();
  return server.smtp.inbox.filter((mail) => mail.to === to);
}

const tokenIn = (mail: ReceivedMail | undefined) => {
  const token = /\/firm\/join\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no invitation link in: ${mail?.text}`);
  return token;
};

async function invite(by: { headers: object }, email: string, role: "admin" | "member" = "member") {
  const response = await call(by, "inviteToFirm", { body: { email, role } });
  expect(response.statusCode, response.body).toBe(200);
  const mail = (await deliveredTo(email)).filter((received) => received.text.includes("/firm/join?token=")).at(-1);
  return { invitation: response.json(), mail, token: tokenIn(mail) };
}

async function createFirmWithPeople(prefix: string) {
  const owner = await person(`${prefix}.owner@${prefix}.example`);
  expect((await call(owner, "createFirm", { body: { name: `${prefix} LLP` } })).statusCode).toBe(200);
  const admin = await person(`${prefix}.admin@${prefix}.example`);
  const member = await person(`${prefix}.member@${prefix}.example`);
  for (const [person, role] of [
    [admin, "admin"],
    [member, "member"],
  ] as const) {
    const { token } = await invite(owner, person.email, role);
    const accepted = await call(person, "acceptFirmInvitation", { body: { token } });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  const [firm] = await server.database.db
    .select({ id: firms.id })
    .from(firms)
    .where(eq(firms.name, `${prefix} LLP`));
  return { owner, admin, member, firmId: firm?.id ?? 0 };
}

const tableCount = async (table: typeof firmAuditEvents | typeof firmMemberships | typeof firmInvitations) =>
  (await server.database.db.select({ rows: count() }).from(table))[0]?.rows ?? 0;

describe("creating a firm", () => {
  it("needs a verified email, makes the creator its owner, and allows one firm per person", async () => {
    const unverified = await person("new.founder@founders.example", { isVerified: false });
    const refused = await call(unverified, "createFirm", { body: { name: "Founders LLP" } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fields).toEqual([expect.objectContaining({ path: "emailVerification" })]);

    const founder = await person("founder@founders.example");
    expect((await call(founder, "getFirm")).json()).toEqual({ firm: null, suggestion: null });
    const created = await call(founder, "createFirm", { body: { name: "  Founders LLP " } });
    expect(created.statusCode).toBe(200);
    expect(created.json().firm).toMatchObject({
      name: "Founders LLP",
      role: "owner",
      memberCount: 1,
      policies: { matterCodes: "off", matterMask: null, requireTwoStep: false },
    });
    expect((await call(founder, "getFirm")).json().firm).toEqual(created.json().firm);

    const again = await call(founder, "createFirm", { body: { name: "Second LLP" } });
    expect(again.statusCode).toBe(409);
    expect(await server.database.db.select().from(firms).where(eq(firms.name, "Second LLP"))).toEqual([]);

    expect((await call(founder, "createFirm", { body: { name: "   " } })).statusCode).toBe(400);
    expect((await call(null, "createFirm", { body: { name: "Anon" } })).statusCode).toBe(401);
  });
});

describe("invitations", () => {
  it("mail a single-use link in the invitee's language, else the inviter's, and only the invited verified account joins", async () => {
    const owner = await person("owner@tremblay.example", { details: { language: "fr" } });
    await call(owner, "createFirm", { body: { name: "Tremblay Avocats" } });

    // A stranger to Precis gets the inviter's language (French); an English account gets English.
    const newcomer = await invite(owner, "newcomer@tremblay.example");
    expect(newcomer.mail?.subject).toBe("Une invitation à rejoindre un cabinet sur Precis");
    expect(newcomer.mail?.text).toContain(
      "vous invite à rejoindre le cabinet nommé «\u00a0Tremblay Avocats\u00a0» sur Precis en tant que membre.",
    );
    expect(newcomer.mail?.text).toContain(`${ORIGIN}/firm/join?token=`);
    expect(newcomer.mail?.text).toContain("valide pendant 7 jours");
    const english = await person("english@tremblay.example", { details: { language: "en" } });
    const invitedEnglish = await invite(owner, english.email, "admin");
    expect(invitedEnglish.mail?.subject).toBe("An invitation to join a firm on Precis");
    expect(invitedEnglish.mail?.text).toContain(
      "invited you to join the firm named “Tremblay Avocats” on Precis as an administrator",
    );
    expect(invitedEnglish.mail?.text).toContain("valid for 7 days");

    // The token is stored hashed: the link's token is nowhere in the table.
    const stored = await server.database.db.select().from(firmInvitations);
    expect(JSON.stringify(stored)).not.toContain(invitedEnglish.token);

    // Another account, even a verified one, is refused without a word about the invited person, and spends nothing.
    const other = await person("other@elsewhere.example");
    const refused = await call(other, "acceptFirmInvitation", { body: { token: invitedEnglish.token } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("english@");
    expect(refused.body).not.toContain("Tremblay");

    const accepted = await call(english, "acceptFirmInvitation", { body: { token: invitedEnglish.token } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().firm).toMatchObject({ name: "Tremblay Avocats", role: "admin", memberCount: 2 });
    // Single use.
    expect((await call(english, "acceptFirmInvitation", { body: { token: invitedEnglish.token } })).statusCode).toBe(
      404,
    );
    const open = (await call(owner, "getFirmInvitations")).json().invitations;
    expect(open.map((invitation: { email: string }) => invitation.email)).toEqual(["newcomer@tremblay.example"]);
  });

  it("needs the invitee's address verified: a new person registers, verifies, and then joins", async () => {
    const owner = await person("owner@gagnon.example");
    await call(owner, "createFirm", { body: { name: "Gagnon" } });
    const { token } = await invite(owner, "late@gagnon.example");
    const late = await person("late@gagnon.example", { isVerified: false });
    const early = await call(late, "acceptFirmInvitation", { body: { token } });
    expect(early.statusCode).toBe(403);
    expect(early.json().fields).toEqual([expect.objectContaining({ path: "emailVerification" })]);
    await verifyEmailThroughApi(server, late.email, late);
    expect((await call(late, "acceptFirmInvitation", { body: { token } })).statusCode).toBe(200);
  });

  it("expire after 7 days by the clock; a resend issues a new link and voids the old one; a revoked one is dead", async () => {
    const owner = await person("owner@roy.example");
    await call(owner, "createFirm", { body: { name: "Roy" } });
    const invitee = await person("invitee@roy.example");
    const first = await invite(owner, invitee.email);

    time.advanceDays(7);
    time.advanceMinutes(1);
    const inviteeNow = await signIn(server, invitee.email);
    const expired = await call(inviteeNow, "acceptFirmInvitation", { body: { token: first.token } });
    expect(expired.statusCode).toBe(410);
    const listed = (await call(await signIn(server, owner.email), "getFirmInvitations")).json().invitations;
    expect(listed).toEqual([expect.objectContaining({ email: invitee.email, isExpired: true })]);

    // Resend: the same row, a new token valid 7 days from now; the old link no longer works.
    const ownerNow = await signIn(server, owner.email);
    const resent = await invite(ownerNow, invitee.email);
    expect(resent.invitation.id).toBe(first.invitation.id);
    expect(resent.token).not.toBe(first.token);
    expect((await call(inviteeNow, "acceptFirmInvitation", { body: { token: first.token } })).statusCode).toBe(404);

    // Revoked: its link is dead, and a revoked id cannot be revoked again.
    const revoked = await call(ownerNow, "revokeFirmInvitation", { parameters: { id: String(resent.invitation.id) } });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().invitations).toEqual([]);
    expect((await call(inviteeNow, "acceptFirmInvitation", { body: { token: resent.token } })).statusCode).toBe(404);
    expect(
      (await call(ownerNow, "revokeFirmInvitation", { parameters: { id: String(resent.invitation.id) } })).statusCode,
    ).toBe(404);
  });

  it("let exactly one of several accepts at once join", async () => {
    const owner = await person("owner@race.example");
    await call(owner, "createFirm", { body: { name: "Race" } });
    const racer = await person("racer@race.example");
    const { token } = await invite(owner, racer.email);
    const sessions = [racer, ...(await Promise.all([1, 2, 3, 4].map(() => signIn(server, racer.email))))];
    const answers = await Promise.all(
      sessions.map((session) => call(session, "acceptFirmInvitation", { body: { token } })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 404 || status === 409)).toBe(true);
    const memberships = await server.database.db
      .select()
      .from(firmMemberships)
      .where(eq(firmMemberships.userId, racer.userId));
    expect(memberships).toHaveLength(1);
    const accepted = await server.database.db
      .select({ rows: count() })
      .from(firmAuditEvents)
      .where(and(eq(firmAuditEvents.event, "invitation_accepted"), eq(firmAuditEvents.subjectUserId, racer.userId)));
    expect(accepted[0]?.rows).toBe(1);
  });

  it("are refused to a person already in another firm, who must leave first", async () => {
    const a = await createFirmWithPeople("alpha");
    const ownerB = await person("owner@beta.example");
    await call(ownerB, "createFirm", { body: { name: "Beta" } });
    const { token } = await invite(ownerB, a.member.email);
    const refused = await call(a.member, "acceptFirmInvitation", { body: { token } });
    expect(refused.statusCode).toBe(409);
    expect((await call(a.member, "leaveFirm")).statusCode).toBe(200);
    expect((await call(a.member, "acceptFirmInvitation", { body: { token } })).json().firm.name).toBe("Beta");
  });
});

describe("every role against every firm operation", () => {
  type Role = "owner" | "admin" | "member" | "outsider";
  const roles: Role[] = ["owner", "admin", "member", "outsider"];
  const actors = {} as Record<Role, Person>;
  let plainUserId = 0;

  beforeAll(async () => {
    for (const role of roles) actors[role] = await person(`${role}@matrix.example`);
    // The member the admin operations act on: an account that never signs in, so it is written straight in.
    const [plain] = await server.database.db
      .insert(users)
      .values({ email: "plain@matrix.example", username: "plain-matrix", emailVerifiedAt: time.clock() })
      .returning({ id: users.id });
    plainUserId = plain?.id ?? 0;
  });

  /**
   * A fresh firm for each call, written straight to the tables: the owner, the admin, the member and the plain
   * member in it, an open invitation to each actor's address, and a domain. The outsider is in no firm.
   */
  async function seedFirm() {
    const db = server.database.db;
    await db.delete(firms).where(like(firms.name, "Matrix%"));
    await db
      .delete(firmMemberships)
      .where(inArray(firmMemberships.userId, [...roles.map((role) => actors[role].userId), plainUserId]));
    const [firm] = await db.insert(firms).values({ name: "Matrix LLP" }).returning();
    const firmId = firm?.id ?? 0;
    await db.insert(firmMemberships).values([
      { userId: actors.owner.userId, firmId, role: "owner", joinedBy: "creation" },
      { userId: actors.admin.userId, firmId, role: "admin", joinedBy: "invitation" },
      { userId: actors.member.userId, firmId, role: "member", joinedBy: "invitation" },
      { userId: plainUserId, firmId, role: "member", joinedBy: "invitation" },
    ]);
    const now = time.clock();
    const invitations = await db
      .insert(firmInvitations)
      .values(
        roles.map((role) => ({
          firmId,
          email: actors[role].email,
          role: "member" as const,
          tokenHash: hashSecret(`matrix-token-for-${role}-000000`),
          sentAt: now,
          expiresAt: new Date(now.getTime() + 86_400_000),
        })),
      )
      .returning({ id: firmInvitations.id });
    // Proven, as a check of its DNS record leaves it (decision 038), so the matrix may make it automatic.
    await db.insert(firmDomains).values({ domain: "matrix-seeded.example", firmId, provenAt: time.clock() });
    return { invitationId: invitations[0]?.id ?? 0, firmId };
  }

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(
        [firms, firmMemberships, firmInvitations, firmDomains, firmAuditEvents].map((table) =>
          server.database.db.select().from(table),
        ),
      ),
    );

  let invitedCount = 0;
  /** A new address each time: a resend to one address has its own daily limit. */
  const nextInvitee = () => {
    invitedCount += 1;
    return `invitee${invitedCount}@matrix.example`;
  };
  const matrix: {
    name: OperationName;
    request: (seed: { invitationId: number; firmId: number }, role: Role) => Parameters<typeof call>[2];
    expected: Record<Role, number>;
  }[] = [
    {
      name: "createFirm",
      request: () => ({ body: { name: "Matrix new" } }),
      expected: { owner: 409, admin: 409, member: 409, outsider: 200 },
    },
    { name: "getFirm", request: () => ({}), expected: { owner: 200, admin: 200, member: 200, outsider: 200 } },
    {
      name: "updateFirm",
      request: () => ({ body: { name: "Matrix renamed", policies: { matterCodes: "optional" } } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    { name: "deleteFirm", request: () => ({}), expected: { owner: 200, admin: 403, member: 403, outsider: 404 } },
    { name: "getFirmMembers", request: () => ({}), expected: { owner: 200, admin: 200, member: 403, outsider: 404 } },
    {
      name: "changeFirmMemberRole",
      request: () => ({ parameters: { userId: String(plainUserId) }, body: { role: "admin" } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    {
      name: "removeFirmMember",
      request: () => ({ parameters: { userId: String(plainUserId) } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    { name: "leaveFirm", request: () => ({}), expected: { owner: 409, admin: 200, member: 200, outsider: 404 } },
    {
      name: "transferFirmOwnership",
      request: () => ({ body: { userId: plainUserId } }),
      expected: { owner: 200, admin: 403, member: 403, outsider: 404 },
    },
    {
      name: "getFirmInvitations",
      request: () => ({}),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    {
      name: "inviteToFirm",
      request: () => ({ body: { email: nextInvitee(), role: "member" } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    {
      name: "revokeFirmInvitation",
      request: ({ invitationId }) => ({ parameters: { id: String(invitationId) } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    {
      name: "acceptFirmInvitation",
      request: (_seed, role) => ({ body: { token: `matrix-token-for-${role}-000000` } }),
      expected: { owner: 409, admin: 409, member: 409, outsider: 200 },
    },
    {
      // The join screen's read and decline need only the token: any holder, in a firm or not (issue 56).
      name: "previewFirmInvitation",
      request: (_seed, role) => ({ body: { token: `matrix-token-for-${role}-000000` } }),
      expected: { owner: 200, admin: 200, member: 200, outsider: 200 },
    },
    {
      name: "declineFirmInvitation",
      request: (_seed, role) => ({ body: { token: `matrix-token-for-${role}-000000` } }),
      expected: { owner: 200, admin: 200, member: 200, outsider: 200 },
    },
    {
      name: "endFirmMemberSessions",
      request: () => ({ parameters: { userId: String(plainUserId) } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    { name: "getFirmDomains", request: () => ({}), expected: { owner: 200, admin: 200, member: 403, outsider: 404 } },
    {
      name: "addFirmDomain",
      request: () => ({ body: { domain: "matrix.example", joinMode: "invitation" } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    {
      name: "updateFirmDomain",
      request: () => ({ parameters: { domain: "matrix-seeded.example" }, body: { joinMode: "automatic" } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    {
      name: "checkFirmDomain",
      request: () => ({ parameters: { domain: "matrix-seeded.example" } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    {
      name: "removeFirmDomain",
      request: () => ({ parameters: { domain: "matrix-seeded.example" } }),
      expected: { owner: 200, admin: 200, member: 403, outsider: 404 },
    },
    { name: "getFirmAudit", request: () => ({}), expected: { owner: 200, admin: 200, member: 403, outsider: 404 } },
    // Phase 2. The outsider's address is not at the seeded domain (the success is in firms-policies.test.ts).
    {
      name: "joinFirmByDomain",
      request: ({ firmId }) => ({ body: { firmId } }),
      expected: { owner: 409, admin: 409, member: 409, outsider: 404 },
    },
    { name: "getFirmUsage", request: () => ({}), expected: { owner: 200, admin: 200, member: 403, outsider: 404 } },
    { name: "getMyFirmUsage", request: () => ({}), expected: { owner: 200, admin: 200, member: 200, outsider: 200 } },
    // Seats: this server sells nothing (no Stripe), so the owner gets 503; the purchase is in firms-billing.test.ts.
    {
      name: "createFirmCheckout",
      request: () => ({ body: { seats: 10 } }),
      expected: { owner: 503, admin: 403, member: 403, outsider: 404 },
    },
    {
      name: "openFirmBillingPortal",
      request: () => ({}),
      expected: { owner: 503, admin: 403, member: 403, outsider: 404 },
    },
  ];

  it("covers every firm operation", () => {
    const firmOperations = Object.keys(operations).filter((name) => /Firm/.test(name));
    expect(matrix.map((row) => row.name).sort()).toEqual(firmOperations.sort());
  });

  it("answers each role as the table says, and a refusal writes nothing", async () => {
    const answered: Record<string, Record<Role, number>> = {};
    const refusalsThatWrote: string[] = [];
    for (const row of matrix) {
      const statuses = {} as Record<Role, number>;
      answered[row.name] = statuses;
      for (const role of roles) {
        const seed = await seedFirm();
        const before = await snapshot();
        const response = await call(actors[role], row.name, row.request(seed, role));
        statuses[role] = response.statusCode;
        if (response.statusCode >= 400 && (await snapshot()) !== before)
          refusalsThatWrote.push(`${row.name} as ${role}`);
      }
    }
    expect(answered).toEqual(Object.fromEntries(matrix.map((row) => [row.name, row.expected])));
    expect(refusalsThatWrote).toEqual([]);
    await server.database.db.delete(firms).where(like(firms.name, "Matrix%"));
    // Four firms seeded per operation: longer than the default 30 s on a busy machine.
  }, 120_000);
});

describe("roles", () => {
  let people: Awaited<ReturnType<typeof createFirmWithPeople>>;
  let outsider: Person;
  beforeAll(async () => {
    people = await createFirmWithPeople("roles");
    outsider = await person("outsider@nowhere.example");
  });

  /** Operations that change nothing, or nothing lasting, so each role can call each in turn. */
  const reads: { name: OperationName; options?: Parameters<typeof call>[2]; admin: boolean }[] = [
    { name: "getFirmMembers", admin: true },
    { name: "getFirmInvitations", admin: true },
    { name: "getFirmDomains", admin: true },
    { name: "getFirmAudit", admin: true },
    { name: "updateFirm", options: { body: { name: "roles LLP" } }, admin: true },
    { name: "revokeFirmInvitation", options: { parameters: { id: "999999" } }, admin: true },
    {
      name: "updateFirmDomain",
      options: { parameters: { domain: "nope.example" }, body: { joinMode: "suggest" } },
      admin: true,
    },
    { name: "removeFirmDomain", options: { parameters: { domain: "nope.example" } }, admin: true },
    { name: "checkFirmDomain", options: { parameters: { domain: "nope.example" } }, admin: true },
  ];

  it("answer every operation by role: members get 403 on admin operations, people in no firm 404", async () => {
    const seen: Record<string, Record<string, number>> = {};
    for (const { name, options } of reads) {
      seen[name] = {};
      for (const [role, session] of Object.entries({ ...people, outsider })) {
        if (role === "firmId") continue;
        seen[name][role] = (await call(session as Person, name, options)).statusCode;
      }
    }
    // An admin operation on something that does not exist is a 404 for owners and admins alike.
    const expected = (name: OperationName) =>
      ["revokeFirmInvitation", "updateFirmDomain", "removeFirmDomain", "checkFirmDomain"].includes(name) ? 404 : 200;
    for (const { name } of reads) {
      expect({ name, ...seen[name] }).toEqual({
        name,
        owner: expected(name),
        admin: expected(name),
        member: 403,
        outsider: 404,
      });
    }
    // Everyone reads their own firm; a member sees no one else's details.
    expect((await call(people.member, "getFirm")).json().firm).toMatchObject({ role: "member", memberCount: 3 });
    expect((await call(outsider, "getFirm")).json().firm).toBeNull();
  });

  it("keep member-changing operations to owners and admins, and the owner role to owners", async () => {
    const { owner, admin, member } = people;
    const extra = await person("extra@roles.example");
    const { token } = await invite(admin, extra.email);
    expect((await call(extra, "acceptFirmInvitation", { body: { token } })).statusCode).toBe(200);

    const before = await tableCount(firmAuditEvents);
    const memberTries = [
      await call(member, "changeFirmMemberRole", {
        parameters: { userId: String(extra.userId) },
        body: { role: "admin" },
      }),
      await call(member, "removeFirmMember", { parameters: { userId: String(extra.userId) } }),
      await call(member, "inviteToFirm", { body: { email: "x@roles.example", role: "member" } }),
      await call(member, "deleteFirm"),
      await call(member, "transferFirmOwnership", { body: { userId: extra.userId } }),
      await call(admin, "changeFirmMemberRole", {
        parameters: { userId: String(extra.userId) },
        body: { role: "owner" },
      }),
      await call(admin, "changeFirmMemberRole", {
        parameters: { userId: String(owner.userId) },
        body: { role: "member" },
      }),
      await call(admin, "removeFirmMember", { parameters: { userId: String(owner.userId) } }),
      await call(admin, "deleteFirm"),
      await call(admin, "transferFirmOwnership", { body: { userId: extra.userId } }),
    ];
    expect(memberTries.map((response) => response.statusCode)).toEqual(Array(10).fill(403));
    expect(await tableCount(firmAuditEvents)).toBe(before);

    // An admin moves a member to admin and back; the owner makes them an owner.
    const promoted = await call(admin, "changeFirmMemberRole", {
      parameters: { userId: String(extra.userId) },
      body: { role: "admin" },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().members).toContainEqual(expect.objectContaining({ userId: extra.userId, role: "admin" }));
    expect(
      (
        await call(owner, "changeFirmMemberRole", {
          parameters: { userId: String(extra.userId) },
          body: { role: "owner" },
        })
      ).statusCode,
    ).toBe(200);

    // Removal: the account stays, and its owner is emailed.
    const removed = await call(owner, "removeFirmMember", { parameters: { userId: String(extra.userId) } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members.map((m: { userId: number }) => m.userId)).not.toContain(extra.userId);
    expect((await call(extra, "getFirm")).json().firm).toBeNull();
    expect(
      await server.database.db.select({ id: users.id }).from(users).where(eq(users.id, extra.userId)),
    ).toHaveLength(1);
    const [removalMail] = (await deliveredTo(extra.email)).filter((mail) => mail.subject.includes("no longer"));
    expect(removalMail?.subject).toBe("You are no longer a member of your firm on Precis");
    expect(removalMail?.text).toContain("An administrator of the firm named “roles LLP” removed you");
    expect(removalMail?.text).toContain("your memo presets and your history stay as they are");
  });
});

describe("owners", () => {
  it("always leave one owner: the last cannot leave or be demoted; ownership can be transferred", async () => {
    const { owner, admin, member } = await createFirmWithPeople("owners");
    const leave = await call(owner, "leaveFirm");
    expect(leave.statusCode).toBe(409);
    const demote = await call(owner, "changeFirmMemberRole", {
      parameters: { userId: String(owner.userId) },
      body: { role: "admin" },
    });
    expect(demote.statusCode).toBe(409);
    expect((await call(owner, "removeFirmMember", { parameters: { userId: String(owner.userId) } })).statusCode).toBe(
      409,
    );

    const transferred = await call(owner, "transferFirmOwnership", { body: { userId: admin.userId } });
    expect(transferred.statusCode).toBe(200);
    expect(transferred.json().firm.role).toBe("admin");
    expect((await call(admin, "getFirm")).json().firm.role).toBe("owner");
    // The former owner can now leave, and is emailed; the new one cannot.
    expect((await call(admin, "leaveFirm")).statusCode).toBe(409);
    const left = await call(owner, "leaveFirm");
    expect(left.statusCode).toBe(200);
    expect(left.json().firm).toBeNull();
    const [leftMail] = (await deliveredTo(owner.email)).filter((mail) => mail.subject.startsWith("You left"));
    expect(leftMail?.subject).toBe("You left your firm on Precis");

    // Closing the firm: step-up, members emailed, accounts stay.
    const closed = await call(admin, "deleteFirm");
    expect(closed.statusCode).toBe(200);
    expect((await call(member, "getFirm")).json().firm).toBeNull();
    const [closedMail] = (await deliveredTo(member.email)).filter((mail) => mail.subject.includes("closed"));
    expect(closedMail?.subject).toBe("Your firm was closed on Precis");
    expect(closedMail?.text).toContain("The owner of the firm named “owners LLP” closed");
  });

  it("let an admin step down to member, and answer with the list that shows it", async () => {
    const { admin } = await createFirmWithPeople("stepdown");
    const stepped = await call(admin, "changeFirmMemberRole", {
      parameters: { userId: String(admin.userId) },
      body: { role: "member" },
    });
    expect(stepped.statusCode).toBe(200);
    expect(stepped.json().members).toContainEqual(expect.objectContaining({ userId: admin.userId, role: "member" }));
    expect((await call(admin, "getFirmMembers")).statusCode).toBe(403);
  });

  it("need a recent sign-in for the changes that reach other accounts", async () => {
    const { owner, member } = await createFirmWithPeople("stepup");
    time.advanceMinutes(16);
    const old = await call(owner, "removeFirmMember", { parameters: { userId: String(member.userId) } });
    expect(old.statusCode).toBe(403);
    expect(old.json().fields).toEqual([expect.objectContaining({ path: "reauthentication" })]);
    expect((await call(owner, "deleteFirm")).statusCode).toBe(403);
    expect((await call(owner, "getFirmMembers")).json().members).toHaveLength(3);
    // A rename is not one of them.
    expect((await call(owner, "updateFirm", { body: { name: "Step Up LLP" } })).statusCode).toBe(200);
  });
});

describe("two firms", () => {
  it("never see or touch each other's members, invitations or domains: 404, and nothing written", async () => {
    const a = await createFirmWithPeople("isoa");
    const b = await createFirmWithPeople("isob");
    await addProvenFirmDomain(server, dns, a.owner, "isoa.example", "suggest");
    const { invitation } = await invite(a.owner, "pending@isoa.example");
    const before = [
      await tableCount(firmAuditEvents),
      await tableCount(firmMemberships),
      await tableCount(firmInvitations),
    ];
    const attempts = [
      await call(b.owner, "changeFirmMemberRole", {
        parameters: { userId: String(a.member.userId) },
        body: { role: "admin" },
      }),
      await call(b.owner, "removeFirmMember", { parameters: { userId: String(a.member.userId) } }),
      await call(b.owner, "transferFirmOwnership", { body: { userId: a.member.userId } }),
      await call(b.owner, "revokeFirmInvitation", { parameters: { id: String(invitation.id) } }),
      await call(b.owner, "updateFirmDomain", {
        parameters: { domain: "isoa.example" },
        body: { joinMode: "automatic" },
      }),
      await call(b.owner, "removeFirmDomain", { parameters: { domain: "isoa.example" } }),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual(Array(6).fill(404));
    expect(attempts.map((response) => response.body).join()).not.toContain("isoa.member");
    expect([
      await tableCount(firmAuditEvents),
      await tableCount(firmMemberships),
      await tableCount(firmInvitations),
    ]).toEqual(before);
    const listed = JSON.stringify([
      (await call(b.owner, "getFirmMembers")).json(),
      (await call(b.owner, "getFirmInvitations")).json(),
      (await call(b.owner, "getFirmDomains")).json(),
      (await call(b.owner, "getFirmAudit")).json(),
    ]);
    expect(listed).not.toContain("isoa");
  });
});

describe("domains", () => {
  it("take only the admin's own verified domain, never a public or academic one, and one firm per domain", async () => {
    const { owner, member } = await createFirmWithPeople("domains");
    const add = (session: Person, domain: string, joinMode = "suggest") =>
      call(session, "addFirmDomain", { body: { domain, joinMode } });
    const gmail = await add(owner, "gmail.com");
    expect(gmail.statusCode).toBe(400);
    expect(gmail.json().message).toContain("Public and internet providers' email domains");
    for (const publicDomain of ["outlook.com", "hotmail.com", "yahoo.com", "icloud.com", "proton.me"]) {
      expect((await add(owner, publicDomain)).statusCode, publicDomain).toBe(400);
    }
    const school = await add(owner, "utoronto.ca");
    expect(school.statusCode).toBe(400);
    expect(school.json().message).toContain("school");
    expect((await add(owner, "elsewhere.example")).statusCode).toBe(403);
    expect((await add(member, "domains.example")).statusCode).toBe(403);
    // Suggest waits for the domain's DNS proof: the domain is added by invitation, proven, then made suggest.
    expect((await add(owner, "DOMAINS.example")).statusCode).toBe(409);
    const added = await add(owner, "DOMAINS.example", "invitation");
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ domain: "domains.example", joinMode: "invitation" });
    await proveFirmDomain(server, dns, owner, "domains.example");
    const suggested = await call(owner, "updateFirmDomain", {
      parameters: { domain: "domains.example" },
      body: { joinMode: "suggest" },
    });
    expect(suggested.json()).toMatchObject({ domain: "domains.example", joinMode: "suggest" });
    expect((await add(owner, "domains.example")).statusCode).toBe(409);

    // Another firm whose admin is at the same domain cannot claim it.
    const rival = await person("rival@domains.example");
    await call(rival, "createFirm", { body: { name: "Rival" } });
    const claimed = await add(rival, "domains.example");
    expect(claimed.statusCode).toBe(409);
    expect(claimed.body).not.toContain("domains LLP");

    // A verified person at the domain, in no firm, is offered the firm; an unverified one is not.
    const colleague = await person("colleague@domains.example");
    expect((await call(colleague, "getFirm")).json()).toEqual({
      firm: null,
      suggestion: { firmId: expect.any(Number), name: "domains LLP" },
    });
    const unverified = await person("unproven@domains.example", { isVerified: false });
    expect((await call(unverified, "getFirm")).json().suggestion).toBeNull();
    // "invitation" offers nothing.
    const changed = await call(owner, "updateFirmDomain", {
      parameters: { domain: "domains.example" },
      body: { joinMode: "invitation" },
    });
    expect(changed.json().joinMode).toBe("invitation");
    expect((await call(colleague, "getFirm")).json().suggestion).toBeNull();
    const removed = await call(owner, "removeFirmDomain", { parameters: { domain: "domains.example" } });
    expect(removed.json()).toEqual({ domains: [] });
  });
});

describe("policies", () => {
  it("are validated, the matter mask's syntax included, and each change is in the trail", async () => {
    const { owner, member } = await createFirmWithPeople("policies");
    const patch = (session: Person, policies: object) => call(session, "updateFirm", { body: { policies } });
    const badMask = await patch(owner, { matterCodes: "required", matterMask: "NNNN-Q" });
    expect(badMask.statusCode).toBe(400);
    expect(badMask.json().fields[0].path).toBe("body.policies.matterMask");
    expect((await patch(owner, { signInMethods: [] })).statusCode).toBe(400);
    expect((await patch(owner, { signInMethods: ["password", "password"] })).statusCode).toBe(400);
    expect((await patch(owner, { signInMethods: ["fax"] })).statusCode).toBe(400);
    expect((await patch(member, { requireTwoStep: true })).statusCode).toBe(403);
    // This server offers no Google or Microsoft sign-in: they cannot be the only methods (issue 56, finding 2).
    const notOffered = await patch(owner, { signInMethods: ["google", "microsoft"] });
    expect(notOffered.statusCode).toBe(409);
    expect(notOffered.json().message).toBe(
      "Google and Microsoft sign-in are not available on this site. Keep the email and password allowed.",
    );

    // Passwords stay allowed, so the sessions reading on stay signed in (a refused method ends them, decision 043).
    const saved = await patch(owner, {
      matterCodes: "required",
      matterMask: " NNNN-NNN ",
      signInMethods: ["password", "google"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().firm.policies).toEqual({
      matterCodes: "required",
      matterMask: "NNNN-NNN",
      requireTwoStep: false,
      signInMethods: ["password", "google"],
    });
    // Members read the policies they are under.
    expect((await call(member, "getFirm")).json().firm.policies.matterMask).toBe("NNNN-NNN");

    const trail = (await call(owner, "getFirmAudit")).json().events;
    expect(
      trail
        .filter((event: { event: string }) => event.event === "policy_changed")
        .map((e: { details: object }) => e.details),
    ).toEqual(
      expect.arrayContaining([
        { policy: "matterCodes", from: '"off"', to: '"required"' },
        { policy: "matterMask", from: "null", to: '"NNNN-NNN"' },
        { policy: "signInMethods", from: '["password","google","microsoft"]', to: '["password","google"]' },
      ]),
    );
  });
});

describe("the audit trail", () => {
  it("records every change, newest first, a page at a time, for owners and admins only", async () => {
    const { owner, admin, member } = await createFirmWithPeople("trail");
    const first = await call(owner, "getFirmAudit", { query: { limit: "2" } });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.events.map((event: { event: string }) => event.event)).toEqual([
      "invitation_accepted",
      "invitation_sent",
    ]);
    expect(page.events[0]).toMatchObject({ subject: { userId: member.userId }, details: { role: "member" } });
    const rest = (await call(owner, "getFirmAudit", { query: { before: String(page.nextBefore) } })).json();
    expect(rest.events.map((event: { event: string }) => event.event)).toEqual([
      "invitation_accepted",
      "invitation_sent",
      "firm_created",
    ]);
    expect(rest.nextBefore).toBeNull();
    expect(rest.events[2].actor).toEqual({ userId: owner.userId, name: expect.any(String) });
    expect((await call(admin, "getFirmAudit")).statusCode).toBe(200);
    expect((await call(member, "getFirmAudit")).statusCode).toBe(403);
    expect((await call(owner, "getFirmAudit", { query: { limit: "0" } })).statusCode).toBe(400);
    expect((await call(owner, "getFirmAudit", { query: { limit: "101" } })).statusCode).toBe(400);
  });
});

describe("emails to the people concerned", () => {
  it("are in their own language: removal and closing in French", async () => {
    const owner = await person("owner@lavoie.example");
    await call(owner, "createFirm", { body: { name: "Lavoie" } });
    const francophones = [await person("anne@lavoie.example", { details: { language: "fr" } })];
    francophones.push(await person("luc@lavoie.example", { details: { language: "fr" } }));
    for (const person of francophones) {
      const { token } = await invite(owner, person.email);
      expect((await call(person, "acceptFirmInvitation", { body: { token } })).statusCode).toBe(200);
    }
    const [anne, luc] = francophones as [Person, Person];
    await call(owner, "removeFirmMember", { parameters: { userId: String(anne.userId) } });
    const [removal] = (await deliveredTo(anne.email)).filter((mail) => mail.subject.includes("membre"));
    expect(removal?.subject).toBe("Vous n'êtes plus membre de votre cabinet sur Precis");
    expect(removal?.text).toContain("vos préréglages de mémo et votre historique restent tels quels");
    expect(removal?.html).toContain('<html lang="fr">');
    await call(owner, "deleteFirm");
    const [closing] = (await deliveredTo(luc.email)).filter((mail) => mail.subject.includes("fermé"));
    expect(closing?.subject).toBe("Votre cabinet a été fermé sur Precis");
    expect(closing?.text).toContain("Le propriétaire du cabinet nommé «\u00a0Lavoie\u00a0» a fermé");
    // The owner who closed it is not told what they just did.
    expect((await deliveredTo(owner.email)).filter((mail) => mail.subject.includes("closed"))).toEqual([]);
  });

  it("make a firm's name plain data in an invitation", async () => {
    const owner = await person("owner@phish.example");
    await call(owner, "createFirm", { body: { name: 'Visit https://evil.example "now"' } });
    const { mail } = await invite(owner, "target@phish.example");
    expect(mail?.text).toContain("https[:]//evil[.]example now");
    expect(mail?.text).not.toContain("https://evil.example");
  });
});

describe("domain joins", () => {
  it("bring a newly verified person at an automatic domain into the firm as a member, and nobody already in a firm", async () => {
    const owner = await person("owner@auto.example");
    await call(owner, "createFirm", { body: { name: "Auto" } });
    await addProvenFirmDomain(server, dns, owner, "auto.example", "automatic");
    const unverified = await person("pending@auto.example", { isVerified: false });
    expect((await call(unverified, "getFirm")).json().firm).toBeNull();
    await verifyEmailThroughApi(server, unverified.email, unverified);
    expect((await call(unverified, "getFirm")).json().firm).toMatchObject({ name: "Auto", role: "member" });
    const trail = (await call(owner, "getFirmAudit")).json().events;
    expect(trail[0]).toMatchObject({
      event: "member_joined",
      subject: { userId: unverified.userId },
      details: { domain: "auto.example" },
    });

    // Someone at the domain who already founded a firm stays in it.
    const founder = await person("founder@auto.example", { isVerified: false });
    await server.database.db.update(users).set({ emailVerifiedAt: time.clock() }).where(eq(users.id, founder.userId));
    await call(founder, "createFirm", { body: { name: "Founder's own" } });
    await server.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, founder.userId));
    const code = await server.app.inject({
      method: "POST",
      url: "/api/verify-email/resend",
      headers: { ...xhrHeaders, ...founder.headers },
      payload: {},
    });
    expect(code.statusCode, code.body).toBe(200);
    await verifyEmailThroughApi(server, founder.email, founder);
    expect((await call(founder, "getFirm")).json().firm.name).toBe("Founder's own");
  });
});

describe("account deletion and the data export", () => {
  it("export the person's firm, and a deleted last owner hands the firm to its longest-standing admin", async () => {
    const { owner, admin, member, firmId } = await createFirmWithPeople("erasure");
    const exported = await call(member, "exportAccount");
    expect(exported.statusCode).toBe(200);
    expect(exported.json().firm).toEqual({ name: "erasure LLP", role: "member", joinedAt: expect.any(String) });
    expect(exported.json().firmMatterUsage).toEqual([]);
    expect(JSON.stringify(exported.json())).not.toContain(admin.email);

    const solo = await person("solo@erasure-solo.example");
    await call(solo, "createFirm", { body: { name: "Solo" } });
    for (const person of [owner, solo]) {
      expect((await call(person, "requestAccountDeletion")).statusCode).toBe(200);
    }
    time.advanceDays(31);
    expect(await server.app.accountDeletion.runOnce()).toBe(2);
    const remaining = await server.database.db
      .select({ userId: firmMemberships.userId, role: firmMemberships.role })
      .from(firmMemberships)
      .where(eq(firmMemberships.firmId, firmId));
    expect(remaining.sort((a, b) => a.userId - b.userId)).toEqual([
      { userId: admin.userId, role: "owner" },
      { userId: member.userId, role: "member" },
    ]);
    expect(await server.database.db.select().from(firms).where(eq(firms.name, "Solo"))).toEqual([]);
    const adminNow = await signIn(server, admin.email);
    const trail = (await call(adminNow, "getFirmAudit")).json().events;
    expect(trail.slice(0, 2)).toEqual([
      expect.objectContaining({
        event: "ownership_transferred",
        actor: null,
        subject: expect.objectContaining({ userId: admin.userId }),
      }),
      expect.objectContaining({
        event: "member_left",
        actor: null,
        subject: null,
        details: { role: "owner", reason: "account_deleted" },
      }),
    ]);
    // The deleted owner's own entries stay in the trail, without their name.
    expect(trail.find((event: { event: string }) => event.event === "firm_created").actor).toBeNull();
  });

  it("keep a firm's trail as long as the security log, then the retention job removes it", async () => {
    const { owner } = await createFirmWithPeople("retained");
    time.advanceDays(366);
    const counts = await server.app.retention.runOnce();
    expect(counts?.firmAuditEvents).toBeGreaterThanOrEqual(5);
    expect(counts?.firmInvitations).toBeGreaterThanOrEqual(2);
    const ownerNow = await signIn(server, owner.email);
    expect((await call(ownerNow, "getFirmAudit")).json()).toEqual({ events: [], nextBefore: null });
  });
});
