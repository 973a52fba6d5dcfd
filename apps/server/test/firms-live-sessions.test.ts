import type { OperationName } from "@precis/contract/operations";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { firmMemberships, mailOutbox, sessions } from "../src/db/schema/index.ts";
import { emulatorEnv, emulatorToken } from "./emulator-tokens.ts";
import { basicAuth, createTestClock, readSession, xhrHeaders } from "./harness.ts";
import { logIn, type Session } from "./support/accounts.ts";
import { createFirmPeople } from "./support/firms.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { useTestServer } from "./support/test-server.ts";
import { createAuthenticatorApp } from "./support/totp.ts";

/**
 * Issue 53, finding 5: a firm's sign-in policy reaches live sessions, not only new sign-ins (decision 043). Under a
 * Google-only policy a member's password session, the extension session it handed over and a second step begun by
 * password all stop at once; whatever a session does beyond that (a handoff, a step-up, finishing a second step)
 * checks the policy again.
 */
const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
const time = createTestClock();
const server = useTestServer({
  time,
  env: () => ({ ...emulatorEnv, EXTENSION_IDS: EXTENSION_ID, REGISTER_MAX_PER_IP: "1000", AUTH_MAX_PER_IP: "1000" }),
});
const { codeAt } = createAuthenticatorApp(time);
const { person, join, firmOf } = createFirmPeople(server, time);
const call = (who: { headers: object } | null, name: OperationName, options?: OperationCall) =>
  callOperation(server, who, name, options);

async function setPolicies(owner: Session, policies: object) {
  const response = await call(owner, "updateFirm", { body: { policies } });
  expect(response.statusCode, response.body).toBe(200);
}

const askForCode = (portal: Session) =>
  server.app.inject({
    method: "POST",
    url: "/api/extension/handoff",
    headers: { ...xhrHeaders, ...portal.headers, origin: "http://localhost:8081" },
    payload: {},
  });
const exchange = (code: string) =>
  server.app.inject({
    method: "POST",
    url: "/api/extension/session",
    headers: { ...xhrHeaders, origin: EXTENSION_ORIGIN },
    payload: { code },
  });
/** The extension's session, handed over by `portal`, as the extension sends it. */
async function handOff(portal: Session) {
  const asked = await askForCode(portal);
  expect(asked.statusCode, asked.body).toBe(200);
  const exchanged = await exchange(asked.json().code);
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  const { sessionToken, accessKey } = exchanged.json();
  return { headers: { authorization: `Bearer ${sessionToken}`, "x-access-key": accessKey, origin: EXTENSION_ORIGIN } };
}
const ssoLogIn = async (email: string, provider: "google.com" | "microsoft.com") => {
  const response = await server.app.inject({
    method: "POST",
    url: "/api/sso/login",
    headers: {
      ...xhrHeaders,
      authorization: basicAuth(email, emulatorToken(email, time.clock(), { firebase: { sign_in_provider: provider } })),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return readSession(response);
};
const statusOf = async (who: { headers: object }) => (await call(who, "getEntitlement")).statusCode;

async function turnOnAuthenticatorApp(who: Session) {
  const setup = await call(who, "setUpTotp");
  expect(setup.statusCode, setup.body).toBe(200);
  const secret: string = setup.json().secret;
  const enabled = await call(who, "enableTotp", { body: { code: codeAt(secret) } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return secret;
}
/** A password login's first step, for an account with the authenticator app: the second step's token. */
async function startSecondStep(email: string) {
  const first = await logIn(server, email);
  expect(first.json().Status, first.body).toBe("SecondFactorRequired");
  return first.json().secondFactorToken as string;
}
const finishSecondStep = (secondFactorToken: string, code: string) =>
  call(null, "logInSecondFactor", { body: { secondFactorToken, code } });

const GOOGLE_ONLY =
  "Your firm, “joined LLP”, allows signing in only with Google. Sign in that way instead, or ask its administrators (owner@joined.example).";

describe("a change of a firm's sign-in methods", () => {
  it("ends at once the password sessions of its people, the extension's they handed over, and their pending second steps", async () => {
    const { owner, members } = await firmOf("live", 2);
    const [member, withApp] = members;
    if (!member || !withApp) throw new Error("no members");
    const extension = await handOff(member);
    const secret = await turnOnAuthenticatorApp(withApp);
    time.advanceMinutes(1);
    const pendingToken = await startSecondStep(withApp.email);
    const byGoogle = await ssoLogIn(member.email, "google.com");
    const ownerByGoogle = await ssoLogIn(owner.email, "google.com");
    expect([await statusOf(member), await statusOf(extension), await statusOf(byGoogle)]).toEqual([200, 200, 200]);

    await setPolicies(ownerByGoogle, { signInMethods: ["google"] });

    // The password session and the extension session it handed over answer as signed out; Google's stays.
    expect(await statusOf(member)).toBe(401);
    expect(await statusOf(extension)).toBe(401);
    expect(await statusOf(byGoogle)).toBe(200);
    // The second step begun by password before the change finishes nothing, with a right code.
    const finished = await finishSecondStep(pendingToken, codeAt(secret));
    expect(finished.statusCode).toBe(401);
    expect(finished.headers["set-cookie"]).toBeUndefined();
    // The owner's password session obeys the policy she set, from her Google session that stays.
    expect(await statusOf(owner)).toBe(401);
    expect(await statusOf(ownerByGoogle)).toBe(200);
  });

  it("ends a session older than the record of its method under any restriction, and keeps what the policy allows", async () => {
    const { owner, members } = await firmOf("backfill", 2);
    const [old, byPassword] = members;
    if (!old || !byPassword) throw new Error("no members");
    const ownerByMicrosoft = await ssoLogIn(owner.email, "microsoft.com");
    await server.database.db.update(sessions).set({ signInMethod: "unknown" }).where(eq(sessions.userId, old.userId));

    await setPolicies(ownerByMicrosoft, { signInMethods: ["password", "microsoft"] });

    // Nobody knows how the old session began: it ends. A password session is still allowed.
    expect(await statusOf(old)).toBe(401);
    expect(await statusOf(byPassword)).toBe(200);
    expect(await statusOf(ownerByMicrosoft)).toBe(200);
    expect(await statusOf(owner)).toBe(200);
  });
});

describe("a session the firm's policy refuses, by a race or by joining", () => {
  it("hands nothing to the extension, confirms no step-up and finishes no second step", async () => {
    const { owner, firmId } = await firmOf("joined");
    await setPolicies(await ssoLogIn(owner.email, "google.com"), { signInMethods: ["google"] });
    // Joined behind the API's back (as an invitation accepted elsewhere): the password session is still live.
    const newcomer = await join(firmId, "newcomer@joined.example", "member");
    const withApp = await person("app@joined.example");
    const secret = await turnOnAuthenticatorApp(withApp);
    time.advanceMinutes(1);
    const pendingToken = await startSecondStep(withApp.email);
    await server.database.db
      .insert(firmMemberships)
      .values({ userId: withApp.userId, firmId, role: "member", joinedBy: "invitation", joinedAt: time.clock() });

    const handoff = await askForCode(newcomer);
    expect(handoff.statusCode).toBe(403);
    expect(handoff.json().message).toBe(GOOGLE_ONLY);
    const stepUp = await call(newcomer, "reauthenticate", { body: { password: "Tribunal2024x" } });
    expect(stepUp.statusCode).toBe(403);
    expect(stepUp.json().message).toBe(GOOGLE_ONLY);
    const finished = await finishSecondStep(pendingToken, codeAt(secret));
    expect(finished.statusCode).toBe(403);
    expect(finished.json().message).toBe(GOOGLE_ONLY);
    expect(finished.json().firmPolicy).toEqual({
      firmName: "joined LLP",
      allowedMethods: ["google"],
      adminEmails: ["owner@joined.example"],
    });
    expect(finished.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses the exchange of a code asked for before the policy changed", async () => {
    const { owner, members } = await firmOf("racing");
    const [member] = members;
    if (!member) throw new Error("no member");
    const ownerByGoogle = await ssoLogIn(owner.email, "google.com");
    const asked = await askForCode(member);
    expect(asked.statusCode).toBe(200);
    await setPolicies(ownerByGoogle, { signInMethods: ["google"] });
    const exchanged = await exchange(asked.json().code);
    expect(exchanged.statusCode).toBe(401);
  });
});

describe("joining a firm whose policy refuses how one signed in", () => {
  it("ends the joining person's sessions by that method, in the accepting transaction", async () => {
    const { owner } = await firmOf("joining");
    await setPolicies(await ssoLogIn(owner.email, "google.com"), { signInMethods: ["google"] });
    const invitee = await person("invitee@joining-elsewhere.example");
    const invited = await call(await ssoLogIn(owner.email, "google.com"), "inviteToFirm", {
      body: { email: invitee.email, role: "member" },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const mail = await newestMail(invitee.email, "An invitation to join a firm on Precis");
    const token = /\/firm\/join\?token=([\w-]+)/.exec(mail?.textBody ?? "")?.[1];
    const accepted = await call(invitee, "acceptFirmInvitation", { body: { token } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Accepted by a password session: it is the firm's to refuse from now on.
    expect(await statusOf(invitee)).toBe(401);
  });
});

describe("a firm that comes to require two-step verification", () => {
  it("holds its people's live portal and extension sessions without a second factor to setting one up, at once", async () => {
    const { owner, members } = await firmOf("held");
    const [member] = members;
    if (!member) throw new Error("no member");
    const extension = await handOff(member);
    await setPolicies(owner, { requireTwoStep: true });
    for (const session of [member, extension]) {
      const answer = await call(session, "getEntitlement");
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ access: "policy", policyReason: "twoStepRequired" });
    }
    // Held, not signed out: the person can still set up the second step in that session.
    await turnOnAuthenticatorApp(member);
    expect((await call(member, "getEntitlement")).json().access).not.toBe("policy");
  });
});

/** The newest mail to `to` with `subject`, from the outbox. */
async function newestMail(to: string, subject: string) {
  const [mail] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.subject, subject)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}
const leaveTokenIn = (text: string | undefined) => /\/firm\/leave\?token=([\w-]+)/.exec(text ?? "")?.[1] ?? "";
const membershipOf = async (userId: number) =>
  (await server.database.db.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)))[0];

describe("leaving the firm by an emailed link, for a person its policy refuses", () => {
  it("mails a link that takes the person out of the firm without signing in, once, and within a day", async () => {
    const { owner, members, firmId } = await firmOf("leaving", 2);
    const [member, late] = members;
    if (!member || !late) throw new Error("no members");
    await setPolicies(await ssoLogIn(owner.email, "microsoft.com"), { signInMethods: ["microsoft"] });
    expect((await logIn(server, member.email)).statusCode).toBe(403);

    // Signed out: the address alone asks, and the answer is the same for an address with no account or firm.
    const asked = await call(null, "requestLeaveLink", { body: { email: member.email } });
    expect(asked.statusCode, asked.body).toBe(200);
    const stranger = await call(null, "requestLeaveLink", { body: { email: "nobody@leaving.example" } });
    expect([stranger.statusCode, stranger.json()]).toEqual([200, asked.json()]);
    expect(await newestMail("nobody@leaving.example", "Leave your firm on Precis")).toBeUndefined();
    const mail = await newestMail(member.email, "Leave your firm on Precis");
    expect(mail?.textBody).toContain("“leaving LLP”");
    const token = leaveTokenIn(mail?.textBody);
    expect(token).toMatch(/^[\w-]{43}$/);

    const left = await call(null, "leaveByLink", { body: { token } });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ Status: "Success", firmName: "leaving LLP" });
    expect(await membershipOf(member.userId)).toBeUndefined();
    // Out of the firm, the password signs in again: the account was never the firm's.
    expect((await logIn(server, member.email)).statusCode).toBe(200);
    // Once only.
    expect((await call(null, "leaveByLink", { body: { token } })).statusCode).toBe(401);

    // A link left a day and a second is spent, and the person stays in the firm.
    await call(null, "requestLeaveLink", { body: { email: late.email } });
    const lateToken = leaveTokenIn((await newestMail(late.email, "Leave your firm on Precis"))?.textBody);
    time.advanceMinutes(24 * 60 + 1);
    const expired = await call(null, "leaveByLink", { body: { token: lateToken } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().fields).toEqual([{ path: "token", message: "has expired or was used" }]);
    expect((await membershipOf(late.userId))?.firmId).toBe(firmId);
    // A token of another shape is refused by the schema, a made-up one as unknown.
    expect((await call(null, "leaveByLink", { body: { token: "short" } })).statusCode).toBe(400);
    expect((await call(null, "leaveByLink", { body: { token: "a".repeat(43) } })).statusCode).toBe(401);
  });

  it("never takes the firm's last owner out, and keeps the link good for when another owner is named", async () => {
    const { owner } = await firmOf("lastowner");
    await call(null, "requestLeaveLink", { body: { email: owner.email } });
    const token = leaveTokenIn((await newestMail(owner.email, "Leave your firm on Precis"))?.textBody);
    const refused = await call(null, "leaveByLink", { body: { token } });
    expect(refused.statusCode).toBe(409);
    expect((await membershipOf(owner.userId))?.role).toBe("owner");
  });
});
