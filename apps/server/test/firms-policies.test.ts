import { API_BASE_PATH, type OperationName, operations, pathTo } from "@precis/contract/operations";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { firmMatterUsage, firmMemberships, firms, memoUsage, users } from "../src/db/schema.ts";
import { createTestClock, xhrHeaders } from "./harness.ts";
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
  env: { REGISTER_MAX_PER_IP: "1000", AUTH_MAX_PER_IP: "1000" },
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
