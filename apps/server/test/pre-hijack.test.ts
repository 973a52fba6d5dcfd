import { mfaMessages } from "@precis/contract/mfa";
import { and, desc, eq, isNull, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  knownDevices,
  mailOutbox,
  passkeys,
  pendingSignIns,
  rateLimitCounters,
  recoveryCodes,
  sessions,
  totpFactors,
  userIdentities,
  users,
  webauthnChallenges,
} from "../src/db/schema/index.ts";
import { emulatorEnv, emulatorToken } from "./emulator-tokens.ts";
import {
  basicAuth,
  createTestClock,
  readEmailedCode,
  readSession,
  readVerificationCode,
  readVerificationLinkToken,
  verifyEmailThroughApi,
  xhrHeaders,
} from "./harness.ts";
import { createSoftwareAuthenticator } from "./software-authenticator.ts";
import { createAccount, isSignedIn as isSignedInAs, logIn, postAs, type Session } from "./support/accounts.ts";
import { addPasskey } from "./support/passkeys.ts";
import { useTestServer } from "./support/test-server.ts";
import { createAuthenticatorApp, enableAuthenticatorApp } from "./support/totp.ts";

/**
 * Issue 42, finding 3: account pre-hijacking. An attacker registers the victim's address, which is never proven,
 * and plants a way back in (a passkey, the authenticator app, recovery codes) before the owner arrives. Nothing
 * may be planted on an unverified account, and the owner's claim of it (a Google or Microsoft sign-in, or a
 * password reset through a code mailed to the address) clears whatever an older server let in.
 */
const ATTACKER_PASSWORD = "Tribunal2024x";
const OWNER_PASSWORD = "Plaidoirie2025x";
const ORIGIN = "http://localhost:8081";
const time = createTestClock();
const server = useTestServer({
  time,
  env: { ...emulatorEnv, PUBLIC_URL: ORIGIN, REGISTER_MAX_PER_IP: "1000", AUTH_MAX_PER_IP: "1000" },
});

const db = () => server.database.db;
let counter = 0;
const victimAddress = () => `victim${++counter}@gmail.com`;

const post = (url: string, session: Session | null, payload?: object, headers: Record<string, string> = {}) =>
  postAs(server, url, session, payload, headers);
const isSignedIn = (session: Session) => isSignedInAs(server, session);
const login = (email: string, password: string) => logIn(server, email, password);
const app = createAuthenticatorApp(time);
const { codeAt } = app;

const setVerified = (userId: number, verifiedAt: Date | null) =>
  db().update(users).set({ emailVerifiedAt: verifiedAt }).where(eq(users.id, userId));

/** The authenticator app (with its recovery codes) and a passkey, added by the attacker through the API. */
async function plantAppAndPasskey(session: Session) {
  const { secret } = await enableAuthenticatorApp(server, session, app);
  const { authenticator } = await addPasskey(server, session, { origin: ORIGIN, name: "Attacker" });
  return { secret, authenticator };
}

/**
 * What an attacker could plant before this rule, through the real API: the authenticator app with its recovery
 * codes, a passkey, a registration challenge left open, and a password sign-in waiting for its second step. The
 * account is marked verified while they are added (as a server without the rule let them be), then unproven
 * again, as it really was.
 */
async function plant(email: string, attacker: { session: Session; userId: number }) {
  await setVerified(attacker.userId, time.clock());
  const { secret, authenticator } = await plantAppAndPasskey(attacker.session);
  expect((await post("/api/passkeys/registration-options", attacker.session)).statusCode).toBe(200);
  await setVerified(attacker.userId, null);
  time.advanceMilliseconds(30_000);
  const pending = await login(email, ATTACKER_PASSWORD);
  expect(pending.json().Status).toBe("SecondFactorRequired");
  // The attacker's passkey works before the claim: the test of the claim is that it stops.
  expect((await passkeySignIn(authenticator)).statusCode).toBe(200);
  return { secret, authenticator, secondFactorToken: pending.json().secondFactorToken as string };
}

async function passkeySignIn(authenticator: ReturnType<typeof createSoftwareAuthenticator>) {
  const options = (await post("/api/login/passkey/options", null)).json();
  return post("/api/login/passkey", null, { response: authenticator.authenticate(options) });
}

/** Every way back in the account holds: what a claim must leave empty. */
async function plantedState(userId: number) {
  const [totp, codes, keys, challenges, pending, devices, live] = await Promise.all([
    db().select().from(totpFactors).where(eq(totpFactors.userId, userId)),
    db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db().select().from(passkeys).where(eq(passkeys.userId, userId)),
    db().select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, userId)),
    db().select().from(pendingSignIns).where(eq(pendingSignIns.userId, userId)),
    db().select().from(knownDevices).where(eq(knownDevices.userId, userId)),
    db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
  ]);
  return {
    totp: totp.length,
    recoveryCodes: codes.length,
    passkeys: keys.length,
    challenges: challenges.length,
    pendingSignIns: pending.length,
    knownDevices: devices.map((row) => row.tokenHash),
    liveSessions: live.map((row) => row.id),
  };
}

/** The attacker's foothold after the owner's claim: none of it may still open the account. */
async function expectAttackerLockedOut(
  attacker: { session: Session },
  planted: Awaited<ReturnType<typeof plant>> & { email: string },
) {
  expect(await isSignedIn(attacker.session)).toBe(false);
  expect((await passkeySignIn(planted.authenticator)).statusCode).toBe(401);
  const secondStep = await post("/api/login/second-factor", null, {
    secondFactorToken: planted.secondFactorToken,
    code: codeAt(planted.secret),
  });
  expect(secondStep.statusCode).toBe(401);
  expect(await login(planted.email, ATTACKER_PASSWORD).then((response) => response.statusCode)).toBe(401);
}

describe("an unverified account takes no second step and no passkey", () => {
  it("refuses the authenticator app, recovery codes and passkeys with a 403 that says why, and writes nothing", async () => {
    const email = victimAddress();
    const attacker = await createAccount(server, { email });
    const authenticator = createSoftwareAuthenticator(ORIGIN);
    const attempts = [
      await post("/api/mfa/totp/setup", attacker.session),
      await post("/api/mfa/totp/enable", attacker.session, { code: "123456" }),
      await post("/api/mfa/recovery-codes", attacker.session),
      await post("/api/passkeys/registration-options", attacker.session),
      await post("/api/passkeys", attacker.session, {
        name: "Attacker",
        response: authenticator.register({ challenge: "bm90LWlzc3VlZA" }),
      }),
    ];
    for (const refused of attempts) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message: mfaMessages.emailNotVerified,
        fields: [{ path: "emailVerification", message: expect.any(String) }],
      });
    }
    const state = await plantedState(attacker.userId);
    expect(state).toMatchObject({ totp: 0, recoveryCodes: 0, passkeys: 0, challenges: 0 });
    // Not even a guess is counted: a refused call writes nothing.
    const counters = await db()
      .select()
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, `mfa-code:account:${attacker.userId}%`));
    expect(counters).toEqual([]);
    const status = (
      await server.app.inject({ method: "GET", url: "/api/mfa", headers: attacker.session.headers })
    ).json();
    expect(status).toMatchObject({ totp: { isEnabled: false }, recoveryCodesLeft: 0, passkeys: [] });
  });

  it("does not confirm an app set up before the rule, and opens up once the address is proven", async () => {
    const email = victimAddress();
    const account = await createAccount(server, { email });
    await setVerified(account.userId, time.clock());
    const { secret } = (await post("/api/mfa/totp/setup", account.session)).json() as { secret: string };
    await setVerified(account.userId, null);
    const enable = await post("/api/mfa/totp/enable", account.session, { code: codeAt(secret) });
    expect(enable.statusCode).toBe(403);
    const [factor] = await db().select().from(totpFactors).where(eq(totpFactors.userId, account.userId));
    expect(factor?.enabledAt).toBeNull();

    // The owner who proves the address adds factors as before.
    await verifyEmailThroughApi(server, email, account.session);
    const setup = await post("/api/mfa/totp/setup", account.session);
    expect(setup.statusCode).toBe(200);
    const enabled = await post("/api/mfa/totp/enable", account.session, { code: codeAt(setup.json().secret) });
    expect(enabled.statusCode).toBe(200);
    expect((await post("/api/passkeys/registration-options", account.session)).statusCode).toBe(200);
  });
});

describe("the owner's claim of an unverified account clears what was planted", () => {
  it("by a Google sign-in: the attacker's passkey, app, second step, devices and sessions are gone", async () => {
    const email = victimAddress();
    const attacker = await createAccount(server, { email });
    const planted = { ...(await plant(email, attacker)), email };
    const before = await plantedState(attacker.userId);
    expect(before).toMatchObject({ totp: 1, recoveryCodes: 10, passkeys: 1, challenges: 1, pendingSignIns: 1 });
    expect(before.knownDevices.length).toBeGreaterThan(0);
    expect(before.liveSessions.length).toBeGreaterThan(0);
    // The attacker also scheduled the account's deletion: left alone, the claimed account goes in 30 days.
    await scheduleDeletion(attacker.session, attacker.userId);

    const claim = await post("/api/sso/login", null, undefined, {
      authorization: basicAuth(email, emulatorToken(email, time.clock())),
    });
    expect(claim.statusCode).toBe(200);
    const owner = readSession(claim);

    const after = await plantedState(attacker.userId);
    expect(after).toMatchObject({ totp: 0, recoveryCodes: 0, passkeys: 0, challenges: 0, pendingSignIns: 0 });
    // What is left is the owner's own: this sign-in's session and browser, nothing from before.
    expect(after.knownDevices.filter((hash) => before.knownDevices.includes(hash))).toEqual([]);
    expect(after.liveSessions.filter((id) => before.liveSessions.includes(id))).toEqual([]);
    expect(after.liveSessions).toHaveLength(1);
    const identities = await db().select().from(userIdentities).where(eq(userIdentities.userId, attacker.userId));
    expect(identities.map((row) => row.subject)).toEqual([`uid-${email}`]);
    expect(await deletionOf(attacker.userId)).toEqual({ deletionScheduledFor: null, deletionCancelTokenHash: null });

    await expectAttackerLockedOut(attacker, planted);
    expect(await isSignedIn(owner)).toBe(true);
    const status = (await server.app.inject({ method: "GET", url: "/api/mfa", headers: owner.headers })).json();
    expect(status).toEqual({
      hasPassword: false,
      totp: { isEnabled: false, enabledAt: null },
      recoveryCodesLeft: 0,
      passkeys: [],
    });
  });

  it("by a password reset: the owner's next login asks for no one else's code, and the attacker is out", async () => {
    const email = victimAddress();
    const attacker = await createAccount(server, { email });
    const planted = { ...(await plant(email, attacker)), email };
    // A move of the account to the attacker's own address, waiting for its emailed link.
    const move = await post("/api/verify-email/resend", attacker.session, { email: "attacker@evil.test" });
    expect(move.statusCode).toBe(200);
    const moveToken = await readVerificationLinkToken(server.database, "attacker@evil.test");
    const before = await plantedState(attacker.userId);
    await scheduleDeletion(attacker.session, attacker.userId);

    const { found, reset } = await resetPasswordAsOwner(email);
    expect(found.statusCode).toBe(200);
    expect(reset.statusCode).toBe(200);

    const ownerLogin = await login(email, OWNER_PASSWORD);
    expect(ownerLogin.statusCode).toBe(200);
    expect(ownerLogin.json()).toEqual({ Status: "Success", Role: "lawyer" });
    const after = await plantedState(attacker.userId);
    expect(after).toMatchObject({ totp: 0, recoveryCodes: 0, passkeys: 0, challenges: 0, pendingSignIns: 0 });
    expect(after.knownDevices.filter((hash) => before.knownDevices.includes(hash))).toEqual([]);
    expect(after.liveSessions.filter((id) => before.liveSessions.includes(id))).toEqual([]);
    // The emailed code proved the address (issue 53): verified now, and the attacker's deletion is gone.
    const [claimed] = await db().select().from(users).where(eq(users.id, attacker.userId));
    expect(claimed?.emailVerifiedAt?.getTime()).toBe(time.clock().getTime());
    expect(await deletionOf(attacker.userId)).toEqual({ deletionScheduledFor: null, deletionCancelTokenHash: null });
    expect((await login(email, OWNER_PASSWORD)).json()).toEqual({ Status: "Success", Role: "lawyer" });

    await expectAttackerLockedOut(attacker, planted);
    // The link the attacker was mailed no longer moves the claimed account away.
    const moved = await post("/api/verify-email", null, { token: moveToken });
    expect(moved.statusCode).not.toBe(200);
    const [account] = await db().select().from(users).where(eq(users.id, attacker.userId));
    expect(account?.email).toBe(email);
  });

  it("leaves a verified account's own factors in place after its owner's reset", async () => {
    const email = victimAddress();
    const owner = await createAccount(server, { email });
    await verifyEmailThroughApi(server, email, owner.session);
    await enableAuthenticatorApp(server, owner.session, app);
    const { reset } = await resetPasswordAsOwner(email);
    expect(reset.statusCode).toBe(200);
    expect((await login(email, OWNER_PASSWORD)).json().Status).toBe("SecondFactorRequired");
    expect(await isSignedIn(owner.session)).toBe(false);
  });
});

/**
 * Issue 53, finding 2: pre-hijacking through the email-change undo. The attacker registers the victim's address
 * (never proven), moves the account to an address of their own and proves that one, and, the account being
 * verified now, plants the authenticator app, recovery codes and a passkey, and schedules the account's
 * deletion. The victim follows the "your address was changed" link to take the address back: the account must
 * come back with none of it.
 */
describe("the owner's undo of a move takes back everything the mover added (issue 53)", () => {
  it("ends the attacker's passkey, app, recovery codes, sessions and scheduled deletion, all through HTTP", async () => {
    const email = `junior${++counter}@bigfirm.ca`;
    const attackerEmail = `attacker${counter}@evil.test`;
    const attacker = await createAccount(server, { email });
    expect((await post("/api/verify-email/resend", attacker.session, { email: attackerEmail })).statusCode).toBe(200);
    const moveCode = await readVerificationCode(server.database, attackerEmail);
    expect((await post("/api/verify-email", attacker.session, { code: moveCode })).statusCode).toBe(200);

    const { secret, authenticator } = await plantAppAndPasskey(attacker.session);
    time.advanceMilliseconds(30_000);
    const pending = await login(attackerEmail, ATTACKER_PASSWORD);
    expect(pending.json().Status).toBe("SecondFactorRequired");
    const passkeySession = await passkeySignIn(authenticator);
    expect(passkeySession.statusCode).toBe(200);
    const before = await plantedState(attacker.userId);
    expect(before).toMatchObject({ totp: 1, recoveryCodes: 10, passkeys: 1, pendingSignIns: 1 });
    expect(before.knownDevices.length).toBeGreaterThan(0);
    await scheduleDeletion(readSession(passkeySession), attacker.userId);

    // The victim reads "Your Precis email address was changed" and presses the button of its link.
    const [mail] = await db()
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), like(mailOutbox.subject, "Your Precis email address was changed%")))
      .orderBy(desc(mailOutbox.id));
    const token = mail && /\/email-change\/undo\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error("no undo link was mailed");
    const undo = await post("/api/email-change/undo", null, { token });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({ Status: "Success", email });

    const after = await plantedState(attacker.userId);
    expect(after).toEqual({
      totp: 0,
      recoveryCodes: 0,
      passkeys: 0,
      challenges: 0,
      pendingSignIns: 0,
      knownDevices: [],
      liveSessions: [],
    });
    expect(await deletionOf(attacker.userId)).toEqual({ deletionScheduledFor: null, deletionCancelTokenHash: null });
    const [account] = await db().select().from(users).where(eq(users.id, attacker.userId));
    expect(account?.email).toBe(email);
    expect(account?.emailVerifiedAt).not.toBeNull();

    // None of the attacker's ways back in opens the account.
    expect(await isSignedIn(attacker.session)).toBe(false);
    expect(await isSignedIn(readSession(passkeySession))).toBe(false);
    expect((await passkeySignIn(authenticator)).statusCode).toBe(401);
    const secondStep = await post("/api/login/second-factor", null, {
      secondFactorToken: pending.json().secondFactorToken,
      code: codeAt(secret),
    });
    expect(secondStep.statusCode).toBe(401);
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(401);

    // The victim sets a password through the restored address; the next login asks for nobody's code.
    const { reset } = await resetPasswordAsOwner(email);
    expect(reset.statusCode).toBe(200);
    expect((await login(email, OWNER_PASSWORD)).json()).toEqual({ Status: "Success", Role: "lawyer" });
  });
});

/** Schedules the account's deletion through the API, as its holder can from a fresh session. */
async function scheduleDeletion(session: Session, userId: number) {
  expect((await post("/api/account/delete", session)).statusCode).toBe(200);
  expect((await deletionOf(userId)).deletionScheduledFor).not.toBeNull();
}

const deletionOf = async (userId: number) => {
  const [row] = await db()
    .select({
      deletionScheduledFor: users.deletionScheduledFor,
      deletionCancelTokenHash: users.deletionCancelTokenHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no account ${userId}`);
  return row;
};

/** The newest reset code mailed to `email`, read from the outbox as the owner reads their mail. */
/**
 * The owner's reset through the restored address: asks for a code, then sets OWNER_PASSWORD with it from the same
 * browser (the device cookie the server set on asking). Both answers.
 */
async function resetPasswordAsOwner(email: string) {
  const found = await server.app.inject({
    method: "POST",
    url: "/api/login/find-user",
    headers: { ...xhrHeaders, authorization: basicAuth(email, "") },
  });
  const cookie = found.cookies.map((item) => `${item.name}=${item.value}`).join("; ");
  const reset = await server.app.inject({
    method: "POST",
    url: "/api/login/reset-password",
    headers: { ...xhrHeaders, ...(cookie ? { cookie } : {}), authorization: basicAuth(email, OWNER_PASSWORD) },
    payload: { secret_code: await readResetCode(email) },
  });
  return { found, reset };
}

const readResetCode = (email: string) => readEmailedCode(server.database, email, "%security code%", "reset");
