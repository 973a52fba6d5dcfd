import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { totpFactors, users } from "../src/db/schema/index.ts";
import { emulatorEnv, emulatorToken } from "./emulator-tokens.ts";
import { basicAuth, createTestClock, readSession, xhrHeaders } from "./harness.ts";
import { createSoftwareAuthenticator } from "./software-authenticator.ts";
import {
  isSignedIn as isSignedInOn,
  TEST_PASSWORD as PASSWORD,
  registerAccount,
  type Session,
  uniqueEmail,
} from "./support/accounts.ts";
import { addPasskey } from "./support/passkeys.ts";
import { useTestServer } from "./support/test-server.ts";
import { createAuthenticatorApp, enableAuthenticatorApp } from "./support/totp.ts";

/** Issue 27's second factors: the authenticator app with recovery codes, passkeys, and confirming who you are. */
const ORIGIN = "http://localhost:8081";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const time = createTestClock();
const server = useTestServer({ time, env: { ...emulatorEnv, PUBLIC_URL: ORIGIN }, smtp: true });
/** The code the app shows at the test clock's time, `steps` periods away. */
const app = createAuthenticatorApp(time);
const { codeAt } = app;

/** The owner's browser, named in the security emails. */
const ON_CHROME = { headers: { "user-agent": CHROME_MAC } };
// Factors are added only once the address is proven (issue 42, finding 3).
const VERIFIED_ON_CHROME = { ...ON_CHROME, isVerified: true };
const PASSKEY = { origin: ORIGIN, name: "MacBook Touch ID", ...ON_CHROME };

const post = (url: string, session: Session | null, payload?: object) =>
  server.app.inject({
    method: "POST",
    url,
    headers: { ...xhrHeaders, "user-agent": CHROME_MAC, ...(session?.headers ?? {}) },
    ...(payload === undefined ? {} : { payload }),
  });
const login = (email: string, password = PASSWORD) =>
  server.app.inject({
    method: "POST",
    url: "/api/login",
    headers: { ...xhrHeaders, "user-agent": CHROME_MAC, authorization: basicAuth(email, password) },
  });
const getStatus = async (session: Session) =>
  (await server.app.inject({ method: "GET", url: "/api/mfa", headers: session.headers })).json();
const isSignedIn = (session: Session) => isSignedInOn(server, session);
async function mailTo(email: string, subject: RegExp) {
  await server.app.mailWorker.runOnce();
  return server.smtp.inbox.filter((mail) => mail.to === email && subject.test(mail.subject)).at(-1);
}

/** Registers, turns the app on, and hands back what the owner would have. */
async function registerWithApp() {
  const account = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
  const { secret, recoveryCodes } = await enableAuthenticatorApp(server, account.session, app, ON_CHROME);
  // The code that turned the app on is spent: later steps use the next period's.
  time.advanceMilliseconds(30_000);
  return { ...account, secret, recoveryCodes };
}

describe("the authenticator app", () => {
  it("turns on with a QR code's secret confirmed by a code, with ten recovery codes, and tells the owner", async () => {
    const { email, session } = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
    expect(await getStatus(session)).toEqual({
      hasPassword: true,
      totp: { isEnabled: false, enabledAt: null },
      recoveryCodesLeft: 0,
      passkeys: [],
    });
    const setup = await post("/api/mfa/totp/setup", session);
    const { secret, otpauthUri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe(server.config.client.productName);
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    // Waiting for its first code, the app is not yet in force.
    expect((await getStatus(session)).totp.isEnabled).toBe(false);
    expect((await login(email)).json().Status).toBe("Success");

    const wrong = await post("/api/mfa/totp/enable", session, { code: codeAt(secret, 3) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().fields).toEqual([{ path: "code", message: "is not right" }]);
    expect((await post("/api/mfa/totp/enable", session, { code: "12345" })).statusCode).toBe(400);

    const enabled = await post("/api/mfa/totp/enable", session, { code: codeAt(secret) });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const status = await getStatus(session);
    expect(status.totp).toEqual({ isEnabled: true, enabledAt: time.clock().toISOString() });
    expect(status.recoveryCodesLeft).toBe(10);

    const notice = await mailTo(email, /Two-step verification was turned on/);
    expect(notice?.text).toContain("signing in with your password now also asks for a code");
    expect(notice?.text).toMatch(
      /This happened on .+ \(Toronto time\), from Chrome 131, macOS Catalina, at the address 127\.0\.0\.1\./,
    );
    expect(notice?.text).toContain("/profile/Security");
    // A second setup while it is on is refused: turning it off comes first.
    expect((await post("/api/mfa/totp/setup", session)).statusCode).toBe(409);
  });

  it("keeps the secret encrypted at rest, and never logs it or a code", async () => {
    const { email, secret, recoveryCodes } = await registerWithApp();
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    const [factor] = await server.database.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.userId, user?.id ?? 0));
    expect(factor?.secretCiphertext).toMatch(/^v1:/);
    expect(factor?.secretCiphertext).not.toContain(secret);
    const log = server.logs.text();
    expect(log).not.toContain(secret);
    for (const code of recoveryCodes) expect(log).not.toContain(code);
  });

  it("makes a password login take a second step, whose token opens nothing by itself", async () => {
    const { email, secret } = await registerWithApp();
    const first = await login(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ Status: "SecondFactorRequired", secondFactorToken: expect.any(String) });
    expect(first.headers["x-access-key"]).toBeUndefined();
    expect(first.cookies.some((cookie) => cookie.name.endsWith("precis_session"))).toBe(false);
    const { secondFactorToken } = first.json();

    const wrong = await post("/api/login/second-factor", null, { secondFactorToken, code: codeAt(secret, -5) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().fields).toEqual([{ path: "code", message: "is not right" }]);
    const second = await post("/api/login/second-factor", null, { secondFactorToken, code: codeAt(secret) });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ Status: "Success", Role: "lawyer" });
    expect(await isSignedIn(readSession(second))).toBe(true);
    // The token is used up.
    const again = await post("/api/login/second-factor", null, { secondFactorToken, code: codeAt(secret, 1) });
    expect(again.statusCode).toBe(401);
    expect(again.json().fields).toEqual([{ path: "secondFactorToken", message: "has expired or was used" }]);
  });

  it("takes a code one period either side of now, for drifting clocks, and each code once", async () => {
    const { email, secret } = await registerWithApp();
    // Well past the period of the code that turned the app on.
    time.advanceMinutes(2);
    const tokenOf = async () => (await login(email)).json().secondFactorToken;
    const earlier = codeAt(secret, -1);
    expect(
      (await post("/api/login/second-factor", null, { secondFactorToken: await tokenOf(), code: earlier })).statusCode,
    ).toBe(200);
    // The same code again, or an older one, is a replay.
    expect(
      (await post("/api/login/second-factor", null, { secondFactorToken: await tokenOf(), code: earlier })).statusCode,
    ).toBe(401);
    expect(
      (await post("/api/login/second-factor", null, { secondFactorToken: await tokenOf(), code: codeAt(secret, -2) }))
        .statusCode,
    ).toBe(401);
    // Spaces as some apps show them are fine; the next period's code works.
    const next = codeAt(secret, 1);
    const spaced = `${next.slice(0, 3)} ${next.slice(3)}`;
    expect(
      (await post("/api/login/second-factor", null, { secondFactorToken: await tokenOf(), code: spaced })).statusCode,
    ).toBe(200);
    expect(
      (await post("/api/login/second-factor", null, { secondFactorToken: await tokenOf(), code: codeAt(secret, 2) }))
        .statusCode,
    ).toBe(401);
  });

  it("voids the second step after five wrong codes or five minutes", async () => {
    const { email, secret } = await registerWithApp();
    const { secondFactorToken } = (await login(email)).json();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post("/api/login/second-factor", null, { secondFactorToken, code: "000000" })).statusCode).toBe(
        401,
      );
    }
    const afterFive = await post("/api/login/second-factor", null, { secondFactorToken, code: codeAt(secret) });
    expect(afterFive.statusCode).toBe(401);
    expect(afterFive.json().message).toBe("This sign-in has expired. Please login again.");

    const late = (await login(email)).json().secondFactorToken;
    time.advanceMinutes(6);
    const expired = await post("/api/login/second-factor", null, { secondFactorToken: late, code: codeAt(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().fields[0].path).toBe("secondFactorToken");
    expect(
      (await post("/api/login/second-factor", null, { secondFactorToken: "x".repeat(101), code: "1" })).statusCode,
    ).toBe(400);
  });

  it("rate-limits the second step like the first", async () => {
    const { email } = await registerWithApp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { secondFactorToken } = (await login(email)).json();
      for (let guess = 0; guess < 4; guess += 1) {
        statuses.push((await post("/api/login/second-factor", null, { secondFactorToken, code: "000000" })).statusCode);
      }
    }
    // LOGIN_MAX_PER_ACCOUNT (10) guesses from this address, then 429 whatever the code.
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("takes each recovery code once, in any case and spacing", async () => {
    const { email, session, recoveryCodes } = await registerWithApp();
    const [code] = recoveryCodes;
    const typed = (code ?? "").toLowerCase().replace("-", " ");
    const first = await post("/api/login/second-factor", null, {
      secondFactorToken: (await login(email)).json().secondFactorToken,
      code: typed,
    });
    expect(first.statusCode).toBe(200);
    const reused = await post("/api/login/second-factor", null, {
      secondFactorToken: (await login(email)).json().secondFactorToken,
      code,
    });
    expect(reused.statusCode).toBe(401);
    expect((await getStatus(session)).recoveryCodesLeft).toBe(9);
  });

  it("says a spent recovery code was used, and counts it as a wrong code", async () => {
    const { email, session, secret, recoveryCodes } = await registerWithApp();
    const [spent = "", other = ""] = recoveryCodes;
    const secondStep = async (code: string, secondFactorToken?: string) =>
      post("/api/login/second-factor", null, {
        secondFactorToken: secondFactorToken ?? (await login(email)).json().secondFactorToken,
        code,
      });
    expect((await secondStep(spent)).statusCode).toBe(200);
    const usedText =
      "This recovery code has already been used. Each one works once: enter another of your recovery codes, or the newest code from your authenticator app.";
    // Typed again, in another case and spacing: the same spent code.
    const reused = await secondStep(spent.toLowerCase().replace("-", " "));
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ message: usedText, fields: [{ path: "code", message: "was already used" }] });
    // A code of the right shape that was never issued is only wrong.
    const unknown = await secondStep("ABCDE-FGH23");
    expect(unknown.json()).toMatchObject({ fields: [{ path: "code", message: "is not right" }] });
    // It counts as a wrong code: five void the token, even with a good code after them.
    const { secondFactorToken } = (await login(email)).json();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await secondStep(spent, secondFactorToken)).statusCode).toBe(401);
    }
    expect((await secondStep(other, secondFactorToken)).json().fields[0].path).toBe("secondFactorToken");

    // Confirming who you are, and turning the app off, say it alike.
    const confirm = await post("/api/reauthenticate", session, { code: spent });
    expect(confirm.statusCode).toBe(401);
    expect(confirm.json()).toMatchObject({
      message: usedText,
      fields: [{ path: "code", message: "was already used" }],
    });
    const disable = await post("/api/mfa/totp/disable", session, { code: spent });
    expect(disable.statusCode).toBe(401);
    expect(disable.json()).toMatchObject({
      message: usedText,
      fields: [{ path: "code", message: "was already used" }],
    });
    expect((await getStatus(session)).totp.isEnabled).toBe(true);
    // New codes void the old set: a spent code of it is then unknown, as any old one.
    time.advanceMilliseconds(30_000);
    expect((await post("/api/reauthenticate", session, { code: codeAt(secret) })).statusCode).toBe(200);
    expect((await post("/api/mfa/recovery-codes", session)).statusCode).toBe(200);
    expect((await post("/api/reauthenticate", session, { code: spent })).json().fields[0].message).toBe("is not right");
  });

  it("makes new recovery codes on request, after which the old ones fail", async () => {
    const { email, session, recoveryCodes } = await registerWithApp();
    const renewed = await post("/api/mfa/recovery-codes", session);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const tryCode = async (code: string) =>
      (
        await post("/api/login/second-factor", null, {
          secondFactorToken: (await login(email)).json().secondFactorToken,
          code,
        })
      ).statusCode;
    expect(await tryCode(recoveryCodes[0] ?? "")).toBe(401);
    expect(await tryCode(fresh[0] ?? "")).toBe(200);
    expect((await mailTo(email, /New recovery codes/))?.text).toContain("The earlier codes no longer work.");
  });

  it("turns off with the password or a code, not with wrong ones, and then login is one step again", async () => {
    const { email, session, secret } = await registerWithApp();
    const badPassword = await post("/api/mfa/totp/disable", session, { password: "Wrong-password-1" });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().Error).toBe("badPassword");
    const badCode = await post("/api/mfa/totp/disable", session, { code: "000000" });
    expect(badCode.statusCode).toBe(401);
    expect((await post("/api/mfa/totp/disable", session, { password: "x", code: "1" })).statusCode).toBe(400);
    expect((await getStatus(session)).totp.isEnabled).toBe(true);

    const off = await post("/api/mfa/totp/disable", session, { code: codeAt(secret) });
    expect(off.statusCode).toBe(200);
    expect(await getStatus(session)).toMatchObject({ totp: { isEnabled: false }, recoveryCodesLeft: 0 });
    expect((await login(email)).json().Status).toBe("Success");
    expect((await mailTo(email, /Two-step verification was turned off/))?.text).toContain("no longer asks for a code");
    expect((await post("/api/mfa/totp/disable", session, { password: PASSWORD })).statusCode).toBe(409);
  });

  it("asks to confirm who you are before a setup when the sign-in is older than 15 minutes, by password or code", async () => {
    const { session, secret } = await registerWithApp();
    const offAgain = await post("/api/mfa/totp/disable", session, { code: codeAt(secret) });
    expect(offAgain.statusCode).toBe(200);
    time.advanceMinutes(16);
    const stale = await post("/api/mfa/totp/setup", session);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().fields[0].path).toBe("reauthentication");
    expect((await post("/api/reauthenticate", session, { password: PASSWORD })).statusCode).toBe(200);
    expect((await post("/api/mfa/totp/setup", session)).statusCode).toBe(200);
  });

  it("confirms who you are with the app's code, and refuses a wrong one", async () => {
    const { session, secret } = await registerWithApp();
    time.advanceMinutes(16);
    expect((await post("/api/mfa/recovery-codes", session)).statusCode).toBe(403);
    const wrong = await post("/api/reauthenticate", session, { code: "000000" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().fields).toEqual([{ path: "code", message: "is not right" }]);
    expect((await post("/api/reauthenticate", session, { code: codeAt(secret) })).statusCode).toBe(200);
    expect((await post("/api/mfa/recovery-codes", session)).statusCode).toBe(200);
  });
});

describe("passkeys", () => {
  const signInWith = async (authenticator: ReturnType<typeof createSoftwareAuthenticator>, origin = ORIGIN) => {
    const options = (await post("/api/login/passkey/options", null)).json();
    return post("/api/login/passkey", null, { response: authenticator.authenticate(options, origin) });
  };

  it("are added with a name after the server's own challenge, and the owner is told", async () => {
    const { email, session } = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
    const options = (await post("/api/passkeys/registration-options", session)).json();
    expect(options).toMatchObject({
      rp: { id: "localhost", name: server.config.client.productName },
      user: { name: email },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    const authenticator = createSoftwareAuthenticator(ORIGIN);
    const added = await post("/api/passkeys", session, {
      name: "  MacBook Touch ID ",
      response: authenticator.register(options),
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      id: expect.any(Number),
      name: "MacBook Touch ID",
      createdAt: time.clock().toISOString(),
      lastUsedAt: null,
      isSynced: false,
    });
    expect((await getStatus(session)).passkeys).toEqual([added.json()]);
    // The challenge was answered once: the same answer again is refused.
    const replayed = await post("/api/passkeys", session, { name: "Again", response: authenticator.register(options) });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe("The passkey could not be verified. Try again.");
    const notice = await mailTo(email, /A passkey was added/);
    expect(notice?.text).toContain('The passkey "MacBook Touch ID" was added');
    expect(notice?.text).toContain("Toronto time");
  });

  it("refuse an answer for another site, a bad name, or a malformed body, and keep nothing", async () => {
    const { session } = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
    const authenticator = createSoftwareAuthenticator(ORIGIN);
    const elsewhere = (await post("/api/passkeys/registration-options", session)).json();
    const foreign = await post("/api/passkeys", session, {
      name: "Phishing",
      response: authenticator.register(elsewhere, "https://precis-login.example"),
    });
    expect(foreign.statusCode).toBe(400);
    const options = (await post("/api/passkeys/registration-options", session)).json();
    for (const name of ["", "x".repeat(61), "bad\u202ename"]) {
      expect(
        (await post("/api/passkeys", session, { name, response: authenticator.register(options) })).statusCode,
      ).toBe(400);
    }
    expect((await post("/api/passkeys", session, { name: "Key", response: { id: "%%%" } })).statusCode).toBe(400);
    expect((await getStatus(session)).passkeys).toEqual([]);
  });

  it("sign in without a password or a second step, and an answer cannot be replayed", async () => {
    const { email, session } = await registerWithApp().then(async (account) => account);
    const { authenticator } = await addPasskey(server, session, PASSKEY);
    const options = (await post("/api/login/passkey/options", null)).json();
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required", allowCredentials: [] });
    const answer = authenticator.authenticate(options);
    const signedIn = await post("/api/login/passkey", null, { response: answer });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ Status: "Success", Role: "lawyer" });
    expect(await isSignedIn(readSession(signedIn))).toBe(true);
    expect((await getStatus(session)).passkeys[0].lastUsedAt).toBe(time.clock().toISOString());
    const replayed = await post("/api/login/passkey", null, { response: answer });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe("The passkey could not be verified. Try again.");
    expect(email).toContain("@");
  });

  it("refuse an answer from another origin, and a passkey this server does not know", async () => {
    const { session } = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
    const { authenticator } = await addPasskey(server, session, PASSKEY);
    expect((await signInWith(authenticator, "https://precis-login.example")).statusCode).toBe(401);
    const stranger = createSoftwareAuthenticator(ORIGIN);
    const unknown = await signInWith(stranger);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toMatch(/^This passkey is not registered with Precis/);
  });

  it("are renamed and removed by their owner only; a removed passkey signs nothing in", async () => {
    const owner = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
    const other = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
    const { authenticator, passkey } = await addPasskey(server, owner.session, PASSKEY);
    const patch = (session: Session, name: string) =>
      server.app.inject({
        method: "PATCH",
        url: `/api/passkeys/${passkey.id}`,
        headers: { ...xhrHeaders, ...session.headers },
        payload: { name },
      });
    const remove = (session: Session, id = passkey.id) =>
      server.app.inject({
        method: "DELETE",
        url: `/api/passkeys/${id}`,
        headers: { ...xhrHeaders, ...session.headers },
      });
    expect((await patch(other.session, "Mine now")).statusCode).toBe(404);
    expect((await remove(other.session)).statusCode).toBe(404);
    const renamed = await patch(owner.session, "Work laptop");
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe("Work laptop");
    expect((await remove(owner.session, 999_999_999)).statusCode).toBe(404);
    expect(
      (
        await server.app.inject({
          method: "DELETE",
          url: "/api/passkeys/abc",
          headers: { ...xhrHeaders, ...owner.session.headers },
        })
      ).statusCode,
    ).toBe(400);

    time.advanceMinutes(16);
    expect((await remove(owner.session)).statusCode).toBe(403);
    // A passkey confirms who you are as well as a password does.
    const reauthOptions = (await post("/api/reauthenticate/passkey-options", owner.session)).json();
    expect(reauthOptions.allowCredentials).toEqual([
      { id: authenticator.credentialId, type: "public-key", transports: ["internal"] },
    ]);
    const confirmed = await post("/api/reauthenticate", owner.session, {
      passkey: authenticator.authenticate(reauthOptions),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await remove(owner.session)).statusCode).toBe(200);
    expect((await getStatus(owner.session)).passkeys).toEqual([]);
    expect((await signInWith(authenticator)).statusCode).toBe(401);
    expect((await mailTo(owner.email, /A passkey was removed/))?.text).toContain(
      'The passkey "Work laptop" was removed',
    );
  });

  it("cannot confirm who is signed in with another account's passkey", async () => {
    const owner = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
    const other = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
    const { authenticator } = await addPasskey(server, other.session, PASSKEY);
    const options = (await post("/api/reauthenticate/passkey-options", owner.session)).json();
    const refused = await post("/api/reauthenticate", owner.session, { passkey: authenticator.authenticate(options) });
    expect(refused.statusCode).toBe(401);
  });
});

describe("security emails in French", () => {
  it("reach a French account in French, with when, what and where", async () => {
    const email = uniqueEmail("facteur");
    const { session } = await registerAccount(server, email, {
      ...VERIFIED_ON_CHROME,
      details: { language: "fr" },
    });
    await enableAuthenticatorApp(server, session, app, ON_CHROME);
    await addPasskey(server, session, { ...PASSKEY, name: "Portable" });
    const turnedOn = await mailTo(email, /La vérification en deux étapes a été activée/);
    expect(turnedOn?.text).toContain("Bonjour");
    expect(turnedOn?.text).toMatch(
      /Cela s'est produit le .+ \(heure de Toronto\), depuis Chrome 131, macOS Catalina, à l'adresse 127\.0\.0\.1\./,
    );
    expect((await mailTo(email, /Une clé d'accès a été ajoutée/))?.text).toContain("«\u00a0Portable\u00a0»");
  });
});

describe("the data export", () => {
  it("lists the second factors by name and date, and none of their secrets", async () => {
    const { session, secret, recoveryCodes } = await registerWithApp();
    const { authenticator } = await addPasskey(server, session, { ...PASSKEY, name: "Office YubiKey" });
    const exported = await server.app.inject({ method: "GET", url: "/api/account/export", headers: session.headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().secondFactors).toEqual({
      authenticatorAppEnabledAt: expect.any(String),
      recoveryCodesLeft: 10,
      passkeys: [{ name: "Office YubiKey", createdAt: time.clock().toISOString(), lastUsedAt: null }],
    });
    for (const hidden of [secret, authenticator.credentialId, ...recoveryCodes])
      expect(exported.body).not.toContain(hidden);
  });
});

describe("a first password for a Google or Microsoft account", () => {
  it("is set without a current one after a recent sign-in, and asks for a fresh sign-in after 15 minutes", async () => {
    const email = uniqueEmail("google.factor");
    const registered = await server.app.inject({
      method: "POST",
      url: "/api/sso/register",
      headers: { ...xhrHeaders, authorization: basicAuth(email, emulatorToken(email, time.clock())) },
      payload: { email, role: "lawyer" },
    });
    const session = readSession(registered);
    expect((await getStatus(session)).hasPassword).toBe(false);
    time.advanceMinutes(16);
    const stale = await post("/api/change-password", session, { newPassword: "Plaidoirie2025x" });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().fields[0].path).toBe("reauthentication");

    const fresh = readSession(
      await server.app.inject({
        method: "POST",
        url: "/api/sso/login",
        headers: { ...xhrHeaders, authorization: basicAuth(email, emulatorToken(email, time.clock())) },
      }),
    );
    const set = await post("/api/change-password", fresh, { newPassword: "Plaidoirie2025x" });
    expect(set.statusCode).toBe(200);
    expect((await getStatus(fresh)).hasPassword).toBe(true);
    expect((await login(email, "Plaidoirie2025x")).json().Status).toBe("Success");
    expect((await mailTo(email, /password was changed/))?.text).toContain("A password was set for your");
  });

  it("is not a way round the current password of an account that has one", async () => {
    const { email, session } = await registerAccount(server, uniqueEmail("factor"), VERIFIED_ON_CHROME);
    const response = await post("/api/change-password", session, { newPassword: "Plaidoirie2025x" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path: "currentPassword", message: "is required" }]);
    expect((await login(email)).json().Status).toBe("Success");
  });
});
