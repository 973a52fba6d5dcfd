import { API_BASE_PATH, type OperationName, operations, pathTo } from "@precis/contract/operations";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  firmAuditEvents,
  firmMatterUsage,
  firmMemberships,
  firms,
  memoUsage,
  userIdentities,
  users,
} from "../src/db/schema.ts";
import { emulatorEnv, emulatorToken } from "./emulator-tokens.ts";
import { basicAuth, createTestClock, xhrHeaders } from "./harness.ts";
import { logIn, registerAccount, type Session } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";
import { createAuthenticatorApp } from "./support/totp.ts";

/**
 * Issue 44, phase 2: a firm's policies enforced (two-step verification, sign-in methods), client-matter codes on
 * memo usage, and the usage report, through the API on the real database.
 */
const time = createTestClock();
const server = useTestServer({
  time,
  env: { ...emulatorEnv, REGISTER_MAX_PER_IP: "1000", AUTH_MAX_PER_IP: "1000" },
});
const { codeAt } = createAuthenticatorApp(time);

type Person = Session & { userId: number; email: string };

async function person(email: string, { isVerified = true } = {}): Promise<Person> {
  const { session } = await registerAccount(server, email, { isVerified });
  const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return { ...session, userId: user.id, email };
}

function call(
  who: Session | null,
  name: OperationName,
  {
    body,
    parameters,
    query,
    headers = {},
  }: {
    body?: object;
    parameters?: Record<string, string>;
    query?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
) {
  return server.app.inject({
    method: operations[name].method,
    url: `${API_BASE_PATH}${pathTo(operations[name], parameters)}`,
    headers: { ...xhrHeaders, ...(who?.headers ?? {}), ...headers },
    ...(query ? { query } : {}),
    ...(body ? { payload: body } : {}),
  });
}

/** A firm with an owner and the members given, who join it as an accepted invitation would leave them. */
async function firmOf(prefix: string, memberCount = 1) {
  const owner = await person(`owner@${prefix}.example`);
  const created = await call(owner, "createFirm", { body: { name: `${prefix} LLP` } });
  expect(created.statusCode, created.body).toBe(200);
  const firmId: number = created.json().firm.id;
  const members: Person[] = [];
  for (let index = 1; index <= memberCount; index += 1) {
    const member = await person(`member${index}@${prefix}.example`);
    await server.database.db
      .insert(firmMemberships)
      .values({ userId: member.userId, firmId, role: "member", joinedBy: "invitation", joinedAt: time.clock() });
    members.push(member);
  }
  return { owner, members, firmId };
}

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
    const added = await call(owner, "addFirmDomain", { body: { domain: "joinsuggest.example", joinMode: "suggest" } });
    expect(added.statusCode, added.body).toBe(200);
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

    await setPolicies(owner, { signInMethods: ["microsoft"] });
    const byPassword = await logIn(server, member.email);
    expect(byPassword.statusCode).toBe(403);
    expect(byPassword.json().message).toBe(
      "Your firm allows signing in only with Microsoft. Sign in that way instead.",
    );
    expect(byPassword.headers["set-cookie"]).toBeUndefined();
    const byGoogle = await ssoLogIn(member.email, "google.com");
    expect(byGoogle.statusCode).toBe(403);
    expect(byGoogle.json().message).toBe("Your firm allows signing in only with Microsoft. Sign in that way instead.");
    // Refused before the identity was linked: nothing written.
    expect(await identitiesOf(member.userId)).toBe(0);
    const byMicrosoft = await ssoLogIn(member.email, "microsoft.com");
    expect(byMicrosoft.statusCode, byMicrosoft.body).toBe(200);

    await setPolicies(owner, { signInMethods: ["google", "microsoft"] });
    expect((await logIn(server, member.email)).json().message).toBe(
      "Your firm allows signing in only with Google or Microsoft. Sign in that way instead.",
    );
    // A wrong password still answers as a wrong password: the policy is not told to someone guessing.
    expect((await logIn(server, member.email, "Wrong-password-1")).statusCode).toBe(401);
    expect((await ssoLogIn(member.email, "google.com")).statusCode).toBe(200);

    await setPolicies(owner, { signInMethods: ["password", "google"] });
    expect((await ssoLogIn(member.email, "microsoft.com")).json().message).toBe(
      "Your firm allows signing in only with your email and password (or a passkey) or Google. Sign in that way instead.",
    );
    expect((await logIn(server, member.email)).statusCode).toBe(200);
    // Someone outside the firm is not concerned.
    const outsider = await person("outsider@signin-elsewhere.example");
    expect((await logIn(server, outsider.email)).statusCode).toBe(200);
  });
});
