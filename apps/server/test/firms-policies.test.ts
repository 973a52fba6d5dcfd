import type { OperationName } from "@precis/contract/operations";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  firmAuditEvents,
  firmMatterUsage,
  firmMemberships,
  memoUsage,
  userIdentities,
  users,
} from "../src/db/schema/index.ts";
import { neutraliseCell } from "../src/modules/firms/usage.ts";
import { emulatorEnv, emulatorToken } from "./emulator-tokens.ts";
import { basicAuth, createTestClock, readSession, xhrHeaders } from "./harness.ts";
import { logIn, type Session } from "./support/accounts.ts";
import { addProvenFirmDomain, proveFirmDomain, useDnsServer } from "./support/dns.ts";
import { createFirmPeople } from "./support/firms.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { useTestServer } from "./support/test-server.ts";
import { createAuthenticatorApp } from "./support/totp.ts";

/**
 * Issue 44, phase 2: a firm's policies enforced (two-step verification, sign-in methods), client-matter codes on
 * memo usage, and the usage report, through the API on the real database.
 */
const time = createTestClock();
const dns = useDnsServer();
const server = useTestServer({
  time,
  // A trial's cap of ten memos a month, so the cap's rule is seen to hold for a firm member too.
  env: () => ({
    ...emulatorEnv,
    ...dns.env(),
    REGISTER_MAX_PER_IP: "1000",
    AUTH_MAX_PER_IP: "1000",
    MEMO_MONTHLY_LIMIT_TRIAL: "10",
  }),
});
const { codeAt } = createAuthenticatorApp(time);

const { person, firmOf } = createFirmPeople(server, time);
const call = (who: Session | null, name: OperationName, options?: OperationCall) =>
  callOperation(server, who, name, options);

async function setPolicies(owner: Session, policies: object) {
  const response = await call(owner, "updateFirm", { body: { policies } });
  expect(response.statusCode, response.body).toBe(200);
}

const memoCount = async (userId: number) =>
  (
    await server.database.db
      .select({ memoCount: memoUsage.memoCount })
      .from(memoUsage)
      .where(eq(memoUsage.userId, userId))
  )[0]?.memoCount ?? 0;

async function turnOnAuthenticatorApp(who: Session) {
  const setup = await call(who, "setUpTotp");
  expect(setup.statusCode, setup.body).toBe(200);
  const enabled = await call(who, "enableTotp", { body: { code: codeAt(setup.json().secret) } });
  expect(enabled.statusCode, enabled.body).toBe(200);
}

describe("a firm that requires two-step verification", () => {
  it("blocks a member without an authenticator app or passkey until they add one, and counts nothing meanwhile", async () => {
    const { owner, members, firmId } = await firmOf("twostep");
    const [member] = members;
    if (!member) throw new Error("no member");
    expect((await call(member, "getEntitlement")).json()).toMatchObject({
      access: "trial",
      firm: { id: firmId, name: "twostep LLP" },
    });

    await setPolicies(owner, { requireTwoStep: true });
    const blocked = await call(member, "getEntitlement");
    expect(blocked.json()).toMatchObject({
      access: "policy",
      policyReason: "twoStepRequired",
      endsAt: null,
      memo: { monthlyLimit: 0 },
      firm: { id: firmId, name: "twostep LLP" },
    });
    const refused = await call(member, "reportMemoUsage");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Your firm requires two-step verification. Add an authenticator app or a passkey on your Security page to keep generating memos.",
    );
    expect(await memoCount(member.userId)).toBe(0);

    await turnOnAuthenticatorApp(member);
    expect((await call(member, "getEntitlement")).json()).toMatchObject({ access: "trial" });
    expect((await call(member, "getEntitlement")).json().policyReason).toBeUndefined();
    expect((await call(member, "reportMemoUsage")).statusCode).toBe(200);
    expect(await memoCount(member.userId)).toBe(1);
  });

  it("leaves people outside the firm alone, and says nothing of a firm to them", async () => {
    await firmOf("twostep-other").then(({ owner }) => setPolicies(owner, { requireTwoStep: true }));
    const outsider = await person("someone@elsewhere-twostep.example");
    const entitlement = (await call(outsider, "getEntitlement")).json();
    expect(entitlement.access).toBe("trial");
    expect(entitlement.firm).toBeUndefined();
    expect((await call(outsider, "reportMemoUsage")).statusCode).toBe(200);
  });
});

describe("joining by domain", () => {
  const join = (who: Session, firmId: number) => call(who, "joinFirmByDomain", { body: { firmId } });
  const membershipOf = async (userId: number) =>
    (await server.database.db.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)))[0];
  const trailOf = async (firmId: number) =>
    (
      await server.database.db.select({ rows: count() }).from(firmAuditEvents).where(eq(firmAuditEvents.firmId, firmId))
    )[0]?.rows ?? 0;

  it("takes Home's suggestion: a verified person at a suggest domain joins as a member, in the trail", async () => {
    const { owner, firmId } = await firmOf("joinsuggest", 0);
    await addProvenFirmDomain(server, dns, owner, "joinsuggest.example", "suggest");
    const newcomer = await person("newcomer@joinsuggest.example");
    expect((await call(newcomer, "getFirm")).json().suggestion).toEqual({ firmId, name: "joinsuggest LLP" });

    const joined = await join(newcomer, firmId);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().firm).toMatchObject({ id: firmId, role: "member", memberCount: 2 });
    expect(await membershipOf(newcomer.userId)).toMatchObject({ firmId, role: "member", joinedBy: "domain" });
    const trail = (await call(owner, "getFirmAudit")).json().events;
    expect(trail[0]).toMatchObject({
      event: "member_joined",
      subject: { userId: newcomer.userId },
      details: { domain: "joinsuggest.example" },
    });

    const again = await join(newcomer, firmId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You are already a member of this firm.");
  });

  it("refuses precisely, writing nothing: another domain, an invitation-only domain, a person already in a firm, an unverified one", async () => {
    const { owner, firmId } = await firmOf("joinrules", 0);
    expect(
      (await call(owner, "addFirmDomain", { body: { domain: "joinrules.example", joinMode: "invitation" } }))
        .statusCode,
    ).toBe(200);
    await proveFirmDomain(server, dns, owner, "joinrules.example");
    const trailBefore = await trailOf(firmId);

    const invitationOnly = await join(await person("someone@joinrules.example"), firmId);
    expect(invitationOnly.statusCode).toBe(403);
    expect(invitationOnly.json().message).toBe(
      "This firm admits people at joinrules.example by invitation only. Ask its owners or administrators to invite you.",
    );

    const elsewhere = await person("someone@not-joinrules.example");
    const notAtDomain = await join(elsewhere, firmId);
    expect(notAtDomain.statusCode).toBe(404);
    expect(notAtDomain.json().message).toBe(
      "This firm has not added not-joinrules.example, the domain of your email address.",
    );
    // A firm that does not exist answers the same: ids cannot be probed.
    const noSuchFirm = await join(elsewhere, 987_654);
    expect([noSuchFirm.statusCode, noSuchFirm.json().message, noSuchFirm.json().fields]).toEqual([
      404,
      notAtDomain.json().message,
      notAtDomain.json().fields,
    ]);

    const other = await firmOf("joinrules-other", 1);
    expect(
      (
        await call(owner, "updateFirmDomain", {
          parameters: { domain: "joinrules.example" },
          body: { joinMode: "automatic" },
        })
      ).statusCode,
    ).toBe(200);
    const unverified = await person("unverified@joinrules.example", { isVerified: false });
    expect((await join(unverified, firmId)).statusCode).toBe(403);
    const trailAfterModeChange = await trailOf(firmId);
    const [otherMember] = other.members;
    if (!otherMember) throw new Error("no member");
    // The other firm's member moves to an address at joinrules.example: still in a firm, so refused.
    await server.database.db
      .update(users)
      .set({ email: "moved@joinrules.example" })
      .where(eq(users.id, otherMember.userId));
    const inAFirm = await join(otherMember, firmId);
    expect(inAFirm.statusCode).toBe(409);
    expect(inAFirm.json().message).toBe("You already belong to a firm. Leave it before you create or join another.");
    expect(await trailOf(firmId)).toBe(trailAfterModeChange);
    expect(trailAfterModeChange).toBe(trailBefore + 1);
    expect(await membershipOf(elsewhere.userId)).toBeUndefined();
    expect(await membershipOf(unverified.userId)).toBeUndefined();
    expect((await membershipOf(otherMember.userId))?.firmId).toBe(other.firmId);
  });
});

describe("a firm's allowed sign-in methods", () => {
  const ssoLogIn = (email: string, provider: "google.com" | "microsoft.com") =>
    server.app.inject({
      method: "POST",
      url: "/api/sso/login",
      headers: {
        ...xhrHeaders,
        authorization: basicAuth(
          email,
          emulatorToken(email, time.clock(), { firebase: { sign_in_provider: provider } }),
        ),
      },
    });
  const identitiesOf = async (userId: number) =>
    (
      await server.database.db.select({ rows: count() }).from(userIdentities).where(eq(userIdentities.userId, userId))
    )[0]?.rows ?? 0;

  it("refuses a member who signs in another way, naming the allowed ones, and lets the allowed ways in", async () => {
    const { owner, members } = await firmOf("signin");
    const [member] = members;
    if (!member) throw new Error("no member");
    expect((await logIn(server, member.email)).statusCode).toBe(200);

    // A method the owner has never signed in with here cannot be the only one (issue 56, finding 2): nothing saved.
    const lockingOut = await call(owner, "updateFirm", { body: { policies: { signInMethods: ["microsoft"] } } });
    expect(lockingOut.statusCode).toBe(409);
    expect(lockingOut.json().message).toBe(
      "You could no longer sign in under these methods. Keep one you use: your password, or Google or Microsoft once you have signed in with it here.",
    );
    expect((await call(owner, "getFirm")).json().firm.policies.signInMethods).toEqual([
      "password",
      "google",
      "microsoft",
    ]);
    expect((await logIn(server, member.email)).statusCode).toBe(200);

    const ownerByMicrosoft = readSession(await ssoLogIn(owner.email, "microsoft.com"));
    await setPolicies(ownerByMicrosoft, { signInMethods: ["microsoft"] });
    // The owner's own password session ended with the change (decision 043): she goes on by Microsoft.
    expect((await call(owner, "getFirm")).statusCode).toBe(401);
    const byPassword = await logIn(server, member.email);
    expect(byPassword.statusCode).toBe(403);
    expect(byPassword.json().message).toBe(
      "Your firm, “signin LLP”, allows signing in only with Microsoft. Sign in that way instead, or ask its administrators (owner@signin.example).",
    );
    // The answer names the firm and whom to ask, for a screen to say in its reader's language.
    expect(byPassword.json().firmPolicy).toEqual({
      firmName: "signin LLP",
      allowedMethods: ["microsoft"],
      adminEmails: ["owner@signin.example"],
    });
    expect(byPassword.headers["set-cookie"]).toBeUndefined();
    const byGoogle = await ssoLogIn(member.email, "google.com");
    expect(byGoogle.statusCode).toBe(403);
    expect(byGoogle.json().message).toBe(
      "Your firm, “signin LLP”, allows signing in only with Microsoft. Sign in that way instead, or ask its administrators (owner@signin.example).",
    );
    // Refused before the identity was linked: nothing written.
    expect(await identitiesOf(member.userId)).toBe(0);
    const byMicrosoft = await ssoLogIn(member.email, "microsoft.com");
    expect(byMicrosoft.statusCode, byMicrosoft.body).toBe(200);

    await setPolicies(ownerByMicrosoft, { signInMethods: ["google", "microsoft"] });
    expect((await logIn(server, member.email)).json().message).toBe(
      "Your firm, “signin LLP”, allows signing in only with Google or Microsoft. Sign in that way instead, or ask its administrators (owner@signin.example).",
    );
    // A wrong password still answers as a wrong password: the policy is not told to someone guessing.
    expect((await logIn(server, member.email, "Wrong-password-1")).statusCode).toBe(401);
    expect((await ssoLogIn(member.email, "google.com")).statusCode).toBe(200);

    await setPolicies(ownerByMicrosoft, { signInMethods: ["password", "google"] });
    expect((await ssoLogIn(member.email, "microsoft.com")).json().message).toBe(
      "Your firm, “signin LLP”, allows signing in only with your email and password (or a passkey) or Google. Sign in that way instead, or ask its administrators (owner@signin.example).",
    );
    expect((await logIn(server, member.email)).statusCode).toBe(200);
    // Someone outside the firm is not concerned.
    const outsider = await person("outsider@signin-elsewhere.example");
    expect((await logIn(server, outsider.email)).statusCode).toBe(200);
  });
});

describe("client-matter codes on memo usage", () => {
  const memo = (who: Session, body?: object) => call(who, "reportMemoUsage", body ? { body } : {});
  const matterRows = async (firmId: number) =>
    (
      await server.database.db
        .select({
          userId: firmMatterUsage.userId,
          month: firmMatterUsage.month,
          matter: firmMatterUsage.matter,
          memoCount: firmMatterUsage.memoCount,
        })
        .from(firmMatterUsage)
        .where(eq(firmMatterUsage.firmId, firmId))
    ).sort((a, b) => a.matter.localeCompare(b.matter) || a.userId - b.userId);

  it("when required with a mask: refuses a missing code or one off the mask with 400 and counts nothing", async () => {
    const { owner, members, firmId } = await firmOf("matters", 2);
    const [first, second] = members;
    if (!first || !second) throw new Error("no members");
    await setPolicies(owner, { matterCodes: "required", matterMask: "NNNN-NNN" });

    const missing = await memo(first);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      "Your firm requires a client-matter code for each memo. Enter one and try again.",
    );
    expect((await memo(first, {})).statusCode).toBe(400);
    const offMask = await memo(first, { matter: "2024-17" });
    expect(offMask.statusCode).toBe(400);
    expect(offMask.json().message).toBe(
      "This client-matter code does not have your firm's format, NNNN-NNN (N is a digit, A a letter, X a letter or a digit; other characters stand for themselves).",
    );
    expect(offMask.json().fields).toEqual([{ path: "matter", message: "must match the mask NNNN-NNN" }]);
    expect((await memo(first, { matter: "ABCD-017" })).statusCode).toBe(400);
    // The contract's own rules, before the firm's: too long, not printable, blank.
    expect((await memo(first, { matter: "1".repeat(65) })).statusCode).toBe(400);
    expect((await memo(first, { matter: "2024-\u000717" })).statusCode).toBe(400);
    expect((await memo(first, { matter: "   " })).statusCode).toBe(400);
    expect((await memo(first, { matter: "2024-017", extra: true })).statusCode).toBe(400);
    expect(await memoCount(first.userId)).toBe(0);
    expect(await matterRows(firmId)).toEqual([]);

    // Trimmed, then counted per member, per matter and per month, beside the member's own count.
    expect((await memo(first, { matter: "  2024-017 " })).statusCode).toBe(200);
    expect((await memo(first, { matter: "2024-017" })).statusCode).toBe(200);
    expect((await memo(first, { matter: "2025-001" })).statusCode).toBe(200);
    const counted = await memo(second, { matter: "2024-017" });
    expect(counted.statusCode).toBe(200);
    expect(counted.json().memo.usedThisMonth).toBe(1);
    expect(await memoCount(first.userId)).toBe(3);
    const month = time.clock().toISOString().slice(0, 7);
    expect(await matterRows(firmId)).toEqual([
      { userId: first.userId, month, matter: "2024-017", memoCount: 2 },
      { userId: second.userId, month, matter: "2024-017", memoCount: 1 },
      { userId: first.userId, month, matter: "2025-001", memoCount: 1 },
    ]);
  });

  it("when optional: counts a memo without a code under no matter, and still checks a given code against the mask", async () => {
    const { owner, members, firmId } = await firmOf("matters-optional");
    const [member] = members;
    if (!member) throw new Error("no member");
    await setPolicies(owner, { matterCodes: "optional", matterMask: "AAA-NNNN" });
    expect((await memo(member)).statusCode).toBe(200);
    expect((await memo(member, { matter: "abc-0042" })).statusCode).toBe(200);
    expect((await memo(member, { matter: "abc-42" })).statusCode).toBe(400);
    expect((await matterRows(firmId)).map(({ matter, memoCount }) => [matter, memoCount])).toEqual([
      ["", 1],
      ["abc-0042", 1],
    ]);

    // Off: the code is not the firm's business, and nobody outside a firm is counted by matter at all.
    await setPolicies(owner, { matterCodes: "off" });
    expect((await memo(member, { matter: "anything at all" })).statusCode).toBe(200);
    expect((await matterRows(firmId)).find((row) => row.matter === "")?.memoCount).toBe(2);
    const outsider = await person("outsider@matters-elsewhere.example");
    expect((await memo(outsider, { matter: "2024-017" })).statusCode).toBe(200);
    const [outsiderRows] = await server.database.db
      .select({ rows: count() })
      .from(firmMatterUsage)
      .where(eq(firmMatterUsage.userId, outsider.userId));
    expect(outsiderRows?.rows).toBe(0);
  });

  it("keeps the member's monthly cap exact: at the cap, neither count moves", async () => {
    const { owner, members, firmId } = await firmOf("matters-cap");
    const [member] = members;
    if (!member) throw new Error("no member");
    await setPolicies(owner, { matterCodes: "required" });
    // Nine memos already this month, under this server's trial cap of ten.
    const month = time.clock().toISOString().slice(0, 7);
    await server.database.db.insert(memoUsage).values({ userId: member.userId, month, memoCount: 9 });
    const tenth = await memo(member, { matter: "M-1" });
    expect(tenth.json().memo).toEqual({ monthlyLimit: 10, usedThisMonth: 10 });
    const eleventh = await memo(member, { matter: "M-1" });
    expect(eleventh.statusCode).toBe(402);
    expect(await memoCount(member.userId)).toBe(10);
    expect((await matterRows(firmId)).map((row) => row.memoCount)).toEqual([1]);
  });
});

describe("the usage report", () => {
  const month = () => time.clock().toISOString().slice(0, 7);
  const memo = (who: Session, matter?: string) =>
    call(who, "reportMemoUsage", matter === undefined ? {} : { body: { matter } });

  it("gives owners and admins memos per member and per matter with totals, and refuses members", async () => {
    const { owner, members } = await firmOf("usage", 2);
    const [first, second] = members;
    if (!first || !second) throw new Error("no members");
    await setPolicies(owner, { matterCodes: "optional" });
    await server.database.db
      .update(users)
      .set({ firstName: "Alice", lastName: "Archer" })
      .where(eq(users.id, first.userId));
    await server.database.db
      .update(users)
      .set({ firstName: "Bruno", lastName: "Bélanger" })
      .where(eq(users.id, second.userId));
    for (const matter of ["CLIENT-1", "CLIENT-1", "CLIENT-2", undefined])
      expect((await memo(first, matter)).statusCode).toBe(200);
    expect((await memo(second, "CLIENT-1")).statusCode).toBe(200);
    // Another firm's usage in the same month stays out of this report.
    const other = await firmOf("usage-other");
    const [stranger] = other.members;
    if (!stranger) throw new Error("no member");
    await setPolicies(other.owner, { matterCodes: "optional" });
    expect((await memo(stranger, "CLIENT-1")).statusCode).toBe(200);

    const report = await call(owner, "getFirmUsage", { query: { month: month() } });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.headers["content-type"]).toMatch(/^application\/json/);
    const usage = report.json();
    expect(usage.total).toBe(5);
    expect(usage.matters).toEqual([
      { matter: "", memoCount: 1, memberCount: 1 },
      { matter: "CLIENT-1", memoCount: 3, memberCount: 2 },
      { matter: "CLIENT-2", memoCount: 1, memberCount: 1 },
    ]);
    const byId = new Map(usage.members.map((row: { userId: number }) => [row.userId, row]));
    expect(byId.get(first.userId)).toEqual({
      userId: first.userId,
      name: "Alice Archer",
      email: first.email,
      isMember: true,
      total: 4,
      matters: [
        { matter: "", memoCount: 1 },
        { matter: "CLIENT-1", memoCount: 2 },
        { matter: "CLIENT-2", memoCount: 1 },
      ],
    });
    expect(byId.get(second.userId)).toMatchObject({ total: 1, matters: [{ matter: "CLIENT-1", memoCount: 1 }] });
    expect(byId.get(owner.userId)).toMatchObject({ total: 0, matters: [] });
    expect(byId.has(stranger.userId)).toBe(false);
    // Without a month, this month; another month is empty.
    expect((await call(owner, "getFirmUsage")).json().total).toBe(5);
    expect((await call(owner, "getFirmUsage", { query: { month: "2020-01" } })).json().total).toBe(0);
    expect((await call(owner, "getFirmUsage", { query: { month: "2026-13" } })).statusCode).toBe(400);

    const refused = await call(first, "getFirmUsage");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the firm's owners and administrators can do this.");
    expect((await call(await person("nobody@usage-none.example"), "getFirmUsage")).statusCode).toBe(404);
    expect((await call(null, "getFirmUsage")).statusCode).toBe(401);

    // Each member sees their own, by matter.
    const mine = await call(first, "getMyFirmUsage", { query: { month: month() } });
    expect(mine.json()).toEqual({
      month: month(),
      total: 4,
      matters: [
        { matter: "", memoCount: 1 },
        { matter: "CLIENT-1", memoCount: 2 },
        { matter: "CLIENT-2", memoCount: 1 },
      ],
    });
    expect((await call(stranger, "getMyFirmUsage")).json()).toMatchObject({ total: 1 });
  });

  it("downloads as CSV: UTF-8, a header row, and cells a spreadsheet would run neutralised", async () => {
    const { owner, members } = await firmOf("usage-csv");
    const [member] = members;
    if (!member) throw new Error("no member");
    await setPolicies(owner, { matterCodes: "optional" });
    await server.database.db
      .update(users)
      .set({ firstName: '=HYPERLINK("http://evil.example")', lastName: "Éloïse" })
      .where(eq(users.id, member.userId));
    for (const matter of ["=1+2", "+33", "-5", "@SUM(A1)", "\tTAB", 'plain "quoted"']) {
      expect((await memo(member, matter)).statusCode).toBe(200);
    }
    const csv = await call(owner, "getFirmUsage", { headers: { accept: "text/csv" } });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="precis-usage-${month()}.csv"`);
    const text = csv.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe('"month","member","email","matter","memos"');
    const memberLines = lines.filter((line) => line.includes(member.email));
    const name = `"'=HYPERLINK(""http://evil.example"") Éloïse"`;
    expect(memberLines.sort()).toEqual(
      [
        `"${month()}",${name},"${member.email}","'=1+2","1"`,
        `"${month()}",${name},"${member.email}","'+33","1"`,
        `"${month()}",${name},"${member.email}","'-5","1"`,
        `"${month()}",${name},"${member.email}","'@SUM(A1)","1"`,
        `"${month()}",${name},"${member.email}","TAB","1"`,
        `"${month()}",${name},"${member.email}","plain ""quoted""","1"`,
      ].sort(),
    );
    // No stored value starts with a tab or carriage return today; the cell rule covers them all the same.
    expect(["\tA", "\rB", "C\t", "=D"].map(neutraliseCell)).toEqual(["'\tA", "'\rB", "C\t", "'=D"]);
    // The owner, with no memos, has one row at 0; JSON is still the default.
    const ownerName = (await call(owner, "getFirmUsage"))
      .json()
      .members.find((row: { userId: number }) => row.userId === owner.userId).name;
    expect(lines).toContain(`"${month()}","${ownerName}","${owner.email}","","0"`);
    expect((await call(owner, "getFirmUsage", { headers: { accept: "*/*" } })).headers["content-type"]).toMatch(
      /^application\/json/,
    );
  });

  it("puts the person's own counts by matter in their data export, month by month, and nobody else's", async () => {
    const { owner, members, firmId } = await firmOf("usage-export", 2);
    const [member, colleague] = members;
    if (!member || !colleague) throw new Error("no members");
    await setPolicies(owner, { matterCodes: "optional" });
    expect((await memo(member, "2024-017")).statusCode).toBe(200);
    expect((await memo(member, "2024-017")).statusCode).toBe(200);
    expect((await memo(member)).statusCode).toBe(200);
    expect((await memo(colleague, "9999-999")).statusCode).toBe(200);
    // An earlier month's count, as the months before this test's clock left it.
    await server.database.db
      .insert(firmMatterUsage)
      .values({ firmId, userId: member.userId, month: "2001-01", matter: "OLD-1", memoCount: 4 });

    const exported = await call(member, "exportAccount");
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().firm).toEqual({ name: "usage-export LLP", role: "member", joinedAt: expect.any(String) });
    expect(exported.json().firmMatterUsage).toEqual([
      { month: "2001-01", matter: "OLD-1", memoCount: 4 },
      { month: month(), matter: "", memoCount: 1 },
      { month: month(), matter: "2024-017", memoCount: 2 },
    ]);
    expect(exported.body).not.toContain("9999-999");
    expect(exported.body).not.toContain(colleague.email);
  });
});
