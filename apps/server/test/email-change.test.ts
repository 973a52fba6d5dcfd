import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailChangeUndoTokens, mailOutbox, userIdentities, users } from "../src/db/schema/index.ts";
import { emulatorEnv, emulatorToken as emulatorTokenAt } from "./emulator-tokens.ts";
import {
  basicAuth,
  createTestClock,
  readSession,
  readVerificationCode,
  readVerificationLinkToken,
  xhrHeaders,
} from "./harness.ts";
import { logIn as logInAs, registerAccount, type Session, signIn } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";

/*
 * Issue 42, findings 1, 6 and 11: a change of the account's email is a change of who controls it. It needs a
 * recent proof of identity, completes only in the session that asked, can be undone from the old address, and
 * the resend that starts it does not tell who is registered.
 */

const PASSWORD = "Tribunal2024x";
const time = createTestClock();
const server = useTestServer({ time, env: { REGISTER_MAX_PER_IP: "1000", ...emulatorEnv } });

const post = (url: string, payload: object, session?: Session) =>
  server.app.inject({ method: "POST", url, headers: { ...xhrHeaders, ...session?.headers }, payload });
const profileOf = async (session: Session) =>
  (await server.app.inject({ method: "GET", url: "/api/user-details", headers: session.headers })).json().userProfile;
const logIn = (email: string, password = PASSWORD) => logInAs(server, email, password);

/** A verified password account and a fresh session of it. */
const verifiedAccount = async (email: string) =>
  (await registerAccount(server, email, { password: PASSWORD, details: { firstName: "Marie" }, isVerified: true }))
    .session;

/** Emails queued to `recipient` whose subject starts with `subject`. */
const mailsTo = (recipient: string, subject: string) =>
  server.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, recipient), like(mailOutbox.subject, `${subject}%`)))
    .orderBy(desc(mailOutbox.id));

/** The token of the newest undo link mailed to `oldEmail`. */
async function readUndoToken(oldEmail: string) {
  const [mail] = await mailsTo(oldEmail, "Your Precis email address was changed");
  const token = mail && /\/email-change\/undo\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no undo link was mailed to ${oldEmail}`);
  return token;
}

async function emailOf(email: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

const isReauthenticationRefusal = (response: { statusCode: number; json: () => { fields?: { path: string }[] } }) =>
  response.statusCode === 403 && response.json().fields?.some((field) => field.path === "reauthentication");

/** Moves the account of `session` to `newEmail` by code, from that session, while its sign-in is fresh. */
async function moveByCode(session: Session, newEmail: string) {
  expect((await post("/api/verify-email/resend", { email: newEmail }, session)).statusCode).toBe(200);
  const code = await readVerificationCode(server.database, newEmail);
  const verified = await post("/api/verify-email", { code }, session);
  expect(verified.statusCode).toBe(200);
}

describe("a change of email needs a recent proof of identity (finding 1)", () => {
  it("refuses a stolen three-day-old session the resend to a new address, and mails it nothing", async () => {
    const stolen = await verifiedAccount("owner.one@example.ca");
    time.advanceDays(3);
    const response = await post("/api/verify-email/resend", { email: "attacker.one@evil.test" }, stolen);
    expect(isReauthenticationRefusal(response)).toBe(true);
    expect(await mailsTo("attacker.one@evil.test", "Confirm")).toHaveLength(0);
    expect((await profileOf(stolen)).email).toBe("owner.one@example.ca");
  });

  it("still sends an unverified account's own code without a recent proof", async () => {
    const { session } = await registerAccount(server, "slow.reader@example.ca", { password: PASSWORD });
    time.advanceDays(3);
    const response = await post("/api/verify-email/resend", {}, session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: "Success", email: "slow.reader@example.ca" });
    // Its own code, entered days after the sign-in, still verifies it.
    const code = await readVerificationCode(server.database, "slow.reader@example.ca");
    expect((await post("/api/verify-email", { code }, session)).statusCode).toBe(200);
  });

  it("asks again before a code completes a move once the proof has aged, then completes it", async () => {
    const session = await verifiedAccount("owner.two@example.ca");
    time.advanceMinutes(14);
    expect((await post("/api/verify-email/resend", { email: "owner.two@mcgill.ca" }, session)).statusCode).toBe(200);
    const code = await readVerificationCode(server.database, "owner.two@mcgill.ca");
    // The code is two minutes old, the sign-in sixteen.
    time.advanceMinutes(2);
    const late = await post("/api/verify-email", { code }, session);
    expect(isReauthenticationRefusal(late)).toBe(true);
    expect((await profileOf(session)).email).toBe("owner.two@example.ca");
    // Confirming who you are lets the same code through: it was not spent by the refusal.
    expect((await post("/api/reauthenticate", { password: PASSWORD }, session)).statusCode).toBe(200);
    const verified = await post("/api/verify-email", { code }, session);
    expect(verified.json()).toEqual({ Status: "Success", email: "owner.two@mcgill.ca" });
  });

  it("refuses a stolen old session the move to its own Google account", async () => {
    const email = "owner.three@example.ca";
    const signedUp = await server.app.inject({
      method: "POST",
      url: "/api/sso/register",
      headers: { ...xhrHeaders, authorization: basicAuth(email, emulatorTokenAt(email, time.clock())) },
      payload: { email, role: "lawyer" },
    });
    const stolen = readSession(signedUp);
    time.advanceDays(3);
    const attacker = "attacker.three@evil.test";
    const response = await server.app.inject({
      method: "POST",
      url: "/api/sso/change-email",
      headers: {
        ...xhrHeaders,
        ...stolen.headers,
        authorization: basicAuth(attacker, emulatorTokenAt(attacker, time.clock())),
      },
    });
    expect(isReauthenticationRefusal(response)).toBe(true);
    expect((await profileOf(stolen)).email).toBe(email);
    // That Google sign-in opens nothing.
    const attackerLogin = await server.app.inject({
      method: "POST",
      url: "/api/sso/login",
      headers: { ...xhrHeaders, authorization: basicAuth(attacker, emulatorTokenAt(attacker, time.clock())) },
    });
    expect(attackerLogin.statusCode).toBe(404);
  });
});

describe("a move completes only in the session that asked (findings 1 and 6)", () => {
  it("refuses the right code from another session of the account, and from the link without a session", async () => {
    const asking = await verifiedAccount("owner.four@example.ca");
    const other = await signIn(server, "owner.four@example.ca");
    expect((await post("/api/verify-email/resend", { email: "owner.four@ubc.ca" }, asking)).statusCode).toBe(200);
    const code = await readVerificationCode(server.database, "owner.four@ubc.ca");

    const fromOther = await post("/api/verify-email", { code }, other);
    expect(fromOther.statusCode).toBe(403);
    expect(fromOther.json().fields).toEqual([{ path: "session", message: expect.any(String) }]);
    expect(fromOther.json().message).toMatch(/in the browser where the change was asked for/);
    const token = await readVerificationLinkToken(server.database, "owner.four@ubc.ca");
    const fromLink = await post("/api/verify-email", { token });
    expect(fromLink.statusCode).toBe(403);
    expect((await profileOf(asking)).email).toBe("owner.four@example.ca");

    // The owner's own flow still works: the link opened in the browser that asked.
    const fromAsker = await post("/api/verify-email", { token }, asking);
    expect(fromAsker.json()).toEqual({ Status: "Success", email: "owner.four@ubc.ca" });
  });

  it("moves nothing when a stranger follows the link an account mailed them (the trojan move)", async () => {
    const attacker = await verifiedAccount("trojan@evil.test");
    const victimEmail = "victim.five@example.ca";
    expect((await post("/api/verify-email/resend", { email: victimEmail }, attacker)).statusCode).toBe(200);
    const [mail] = await mailsTo(victimEmail, "Confirm");
    const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(mail?.text ?? "")?.[0] ?? "http://x/");
    const payload = { token: link.searchParams.get("token") ?? "" };

    // The victim clicks, signed out, and again signed in to an account of their own.
    expect((await post("/api/verify-email", payload)).statusCode).toBe(403);
    const victimsOwn = await verifiedAccount("victim.five.other@example.ca");
    expect((await post("/api/verify-email", payload, victimsOwn)).statusCode).toBe(403);

    expect((await profileOf(attacker)).email).toBe("trojan@evil.test");
    expect(await emailOf(victimEmail)).toBeUndefined();
    // The victim's later Google sign-in opens no account of the attacker's.
    const google = await server.app.inject({
      method: "POST",
      url: "/api/sso/login",
      headers: { ...xhrHeaders, authorization: basicAuth(victimEmail, emulatorTokenAt(victimEmail, time.clock())) },
    });
    expect(google.statusCode).toBe(404);
  });
});

describe("the old address can undo a change", () => {
  it("restores the old address, verified, ends every session, voids the password and the codes sent meanwhile", async () => {
    const session = await verifiedAccount("owner.six@example.ca");
    const other = await signIn(server, "owner.six@example.ca");
    await moveByCode(session, "owner.six@evil.test");
    // Whoever moved it asks for a reset code at the new address.
    expect(
      (
        await server.app.inject({
          method: "POST",
          url: "/api/login/find-user",
          headers: { ...xhrHeaders, authorization: basicAuth("owner.six@evil.test", "") },
        })
      ).statusCode,
    ).toBe(200);
    const [mail] = await mailsTo("owner.six@example.ca", "Your Precis email address was changed");
    expect(mail?.text).toContain("within 7 days");
    const token = await readUndoToken("owner.six@example.ca");

    time.advanceDays(6);
    const undone = await post("/api/email-change/undo", { token });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ Status: "Success", email: "owner.six@example.ca" });

    const row = await emailOf("owner.six@example.ca");
    expect(row).toMatchObject({ passwordHash: null });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect((await profileOf(session)) ?? null).toBeNull();
    expect((await profileOf(other)) ?? null).toBeNull();
    expect((await logIn("owner.six@evil.test")).statusCode).not.toBe(200);
    expect((await logIn("owner.six@example.ca")).statusCode).not.toBe(200);
    // The reset code mailed to the new address no longer works for the restored one.
    const [resetMail] = await mailsTo("owner.six@evil.test", "Your Precis security code");
    const resetCode = /^([A-HJ-NP-Z2-9]{8})$/m.exec(resetMail?.text ?? "")?.[1] ?? "";
    expect(resetCode).not.toBe("");
    const reset = await server.app.inject({
      method: "POST",
      url: "/api/login/reset-password",
      headers: { ...xhrHeaders, authorization: basicAuth("owner.six@example.ca", "Hijacked2024x") },
      payload: { secret_code: resetCode },
    });
    expect(reset.statusCode).not.toBe(200);
  });

  it("refuses an expired link and a used one, and changes nothing", async () => {
    const session = await verifiedAccount("owner.seven@example.ca");
    await moveByCode(session, "owner.seven@ubc.ca");
    const token = await readUndoToken("owner.seven@example.ca");
    time.advanceDays(7);
    time.advanceMinutes(1);
    const expired = await post("/api/email-change/undo", { token });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toMatch(/has expired/);
    expect((await profileOf(session)).email).toBe("owner.seven@ubc.ca");

    const again = await verifiedAccount("owner.eight@example.ca");
    await moveByCode(again, "owner.eight@ubc.ca");
    const second = await readUndoToken("owner.eight@example.ca");
    expect((await post("/api/email-change/undo", { token: second })).statusCode).toBe(200);
    const reused = await post("/api/email-change/undo", { token: second });
    expect(reused.statusCode).toBe(404);
    expect((await post("/api/email-change/undo", { token: "not-a-real-token-at-all-000" })).statusCode).toBe(404);
    expect((await post("/api/email-change/undo", { token: "short" })).statusCode).toBe(400);
  });

  it("keeps the first owner's link alive when a later change is undone, and undoes later changes with it", async () => {
    const session = await verifiedAccount("owner.nine@example.ca");
    await moveByCode(session, "step.one@evil.test");
    const first = await readUndoToken("owner.nine@example.ca");
    await post("/api/reauthenticate", { password: PASSWORD }, session);
    await moveByCode(session, "step.two@evil.test");
    const second = await readUndoToken("step.one@evil.test");
    // Whoever holds the middle address undoes the last change: the owner's link still works after it.
    expect((await post("/api/email-change/undo", { token: second })).statusCode).toBe(200);
    expect((await post("/api/email-change/undo", { token: first })).json()).toEqual({
      Status: "Success",
      email: "owner.nine@example.ca",
    });
    expect(await emailOf("owner.nine@example.ca")).toBeDefined();
  });

  it("sends an undo link after a move by Google sign-in too, and the undo unlinks that Google account", async () => {
    const email = "owner.ten@example.ca";
    const session = await verifiedAccount(email);
    const newEmail = "owner.ten@gmail.com";
    const changed = await server.app.inject({
      method: "POST",
      url: "/api/sso/change-email",
      headers: {
        ...xhrHeaders,
        ...session.headers,
        authorization: basicAuth(newEmail, emulatorTokenAt(newEmail, time.clock())),
      },
    });
    expect(changed.statusCode).toBe(200);
    const token = await readUndoToken(email);
    expect((await post("/api/email-change/undo", { token })).statusCode).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
    const links = await server.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, row?.id ?? -1));
    expect(links).toEqual([]);
    const google = await server.app.inject({
      method: "POST",
      url: "/api/sso/login",
      headers: { ...xhrHeaders, authorization: basicAuth(newEmail, emulatorTokenAt(newEmail, time.clock())) },
    });
    expect(google.statusCode).toBe(404);
  });

  it("keeps only the hash of the link's token", async () => {
    const session = await verifiedAccount("owner.eleven@example.ca");
    await moveByCode(session, "owner.eleven@ubc.ca");
    const token = await readUndoToken("owner.eleven@example.ca");
    const rows = await server.database.db.select().from(emailChangeUndoTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });
});

describe("the resend does not tell who is registered (finding 11)", () => {
  it("answers a registered and an unregistered address alike, and mails a code only to the free one", async () => {
    await verifiedAccount("registered.twelve@example.ca");
    const asker = await verifiedAccount("asker.twelve@example.ca");
    const taken = await post("/api/verify-email/resend", { email: "registered.twelve@example.ca" }, asker);
    const free = await post("/api/verify-email/resend", { email: "free.twelve@example.ca" }, asker);
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.statusCode).toBe(200);
    expect(Object.keys(taken.json())).toEqual(Object.keys(free.json()));
    expect(taken.json()).toEqual({ Status: "Success", email: "registered.twelve@example.ca" });

    expect(await mailsTo("registered.twelve@example.ca", "Confirm")).toHaveLength(1);
    expect(await mailsTo("registered.twelve@example.ca", "Someone tried to use your email address")).toHaveLength(1);
    expect(await mailsTo("free.twelve@example.ca", "Confirm")).toHaveLength(1);
    expect((await profileOf(asker)).email).toBe("asker.twelve@example.ca");
  });
});
