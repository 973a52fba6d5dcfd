import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, mailOutbox, sessions, users } from "../src/db/schema/index.ts";
import { recordAuditEvent } from "../src/modules/audit/service.ts";
import { basicAuth, createTestClock, readSession, xhrHeaders } from "./harness.ts";
import { legalSettings } from "./legal-settings.ts";
import { readSecurityCode, startSmtpServer } from "./smtp.ts";
import { createAccount, logIn, postRegistration, registerAccount, uniqueEmail } from "./support/accounts.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";

const PASSWORD = "Tribunal2024x";
const time = createTestClock();
const server = useTestServer({ time, smtp: true, env: { LOGIN_MAX_PER_ACCOUNT: "8" } });

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  logIn(server, email, password, headers);
function userDetails(headers: Record<string, string>) {
  return server.app.inject({ method: "GET", url: "/api/user-details", headers });
}
async function countRows(table: typeof users | typeof sessions | typeof mailOutbox) {
  const [row] = await server.database.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}
/** What the file's accounts register with, beside their address and password. */
const COUNSEL = { role: "lawyer", firstName: "Marie" };

describe("registration", () => {
  it("creates the account, opens a session and queues a welcome email", async () => {
    const email = uniqueEmail("counsel");
    const response = await postRegistration(server, {
      email: email.toUpperCase(),
      password: PASSWORD,
      role: "law student",
      firstName: "Amélie",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: "Success", Role: "law student" });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);

    const profile = (await userDetails(readSession(response).headers)).json().userProfile;
    expect(profile).toMatchObject({
      email,
      name: email.split("@")[0],
      firstName: "Amélie",
      occupation: "law student",
      internal: false,
    });

    await server.app.mailWorker.runOnce();
    const subjects = server.smtp.inbox.filter((mail) => mail.to === email).map((mail) => mail.subject);
    expect(subjects.sort()).toEqual(["Confirm your Precis email address", "Welcome to Precis"]);
  });

  it("writes emails in the registrant's language", async () => {
    const email = uniqueEmail("counsel");
    await postRegistration(server, { email, password: PASSWORD, language: "fr" });
    await server.app.mailWorker.runOnce();
    expect(server.smtp.inbox.filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual(
      expect.arrayContaining(["Bienvenue sur Precis", "Confirmez votre adresse courriel Precis"]),
    );
  });

  it("derives a unique username from the email when none is chosen", async () => {
    const first = await postRegistration(server, { email: "j.doe@one.example", password: PASSWORD });
    const second = await postRegistration(server, { email: "J.Doe@two.example", password: PASSWORD });
    const names = await Promise.all(
      [first, second].map(
        async (response) => (await userDetails(readSession(response).headers)).json().userProfile.name,
      ),
    );
    expect(names).toEqual(["j.doe", "j.doe2"]);
  });

  it.each([
    ["a missing email", { password: PASSWORD }, 400, undefined],
    ["a malformed email", { email: "not-an-email", password: PASSWORD }, 400, undefined],
    ["an unknown occupation", { email: "x@example.ca", password: PASSWORD, role: "judge" }, 400, undefined],
    ["an unknown field", { email: "x@example.ca", password: PASSWORD, isAdmin: true }, 400, undefined],
    ["a wrong type", { email: "x@example.ca", password: 12345678 }, 400, undefined],
    ["an over-long name", { email: "x@example.ca", password: PASSWORD, firstName: "a".repeat(101) }, 400, undefined],
    ["a username with spaces", { email: "x@example.ca", password: PASSWORD, name: "a b" }, 400, undefined],
    ["a password without a digit", { email: "x@example.ca", password: "Tribunalxx" }, 400, "invalidPassword"],
    ["a short password", { email: "x@example.ca", password: "Ab1" }, 400, "invalidPassword"],
    ["a 129-character password", { email: "x@example.ca", password: `Aa1${"x".repeat(126)}` }, 400, "invalidPassword"],
    ["a common password, whatever its case", { email: "x@example.ca", password: "Password1" }, 400, "commonPassword"],
  ])("refuses %s with %i and writes nothing", async (_label, body, status, errorCode) => {
    const before = [await countRows(users), await countRows(sessions), await countRows(mailOutbox)];
    const response = await postRegistration(server, body);
    expect(response.statusCode).toBe(status);
    if (errorCode) expect(response.json()).toMatchObject({ Status: "Failure", Error: errorCode });
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect([await countRows(users), await countRows(sessions), await countRows(mailOutbox)]).toEqual(before);
  });

  it("answers 409 emailExists for a known email in any case, and usernameExists for a taken username", async () => {
    const { email } = await createAccount(server, {
      label: "counsel",
      details: { ...COUNSEL, name: "MaitreTremblay" },
    });
    const sameEmail = await postRegistration(server, { email: email.toUpperCase(), password: PASSWORD });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      Error: "emailExists",
      message: "Email already exists. Please try logging in.",
    });
    const sameName = await postRegistration(server, {
      email: uniqueEmail("counsel"),
      password: PASSWORD,
      name: "maitretremblay",
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ Error: "usernameExists" });
  });

  it("lets exactly one of two racing registrations for one email through", async () => {
    const email = uniqueEmail("counsel");
    const answers = await Promise.all([
      postRegistration(server, { email, password: PASSWORD }),
      postRegistration(server, { email, password: PASSWORD }),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const rows = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});

describe("login and sessions", () => {
  it("opens a new session with a cookie and an access key", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: { ...COUNSEL, role: "other" } });
    const response = await login(email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: "Success", Role: "other" });
    const session = readSession(response);
    expect((await userDetails(session.headers)).json().userProfile.email).toBe(email);
  });

  it("answers 401 for a bad password and 404 for an unknown user, as SPEC words them", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const bad = await login(email, "Wrong-password1");
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({
      Status: "Failure",
      Error: "badPassword",
      message: "Bad Password. Please try again",
    });
    const unknown = await login("nobody@example.ca", PASSWORD);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Error: "userNotFound", message: "User Not Found" });
  });

  it.each([
    ["no Authorization header", undefined],
    ["a Bearer token", "Bearer abc"],
    ["Basic without a colon", `Basic ${Buffer.from("just-an-email").toString("base64")}`],
    ["Basic that is not base64", "Basic %%%"],
    ["an empty password", `Basic ${Buffer.from("a@example.ca:").toString("base64")}`],
    ["a malformed email", `Basic ${Buffer.from("a-at-example:Secret123").toString("base64")}`],
  ])("answers 400 to %s", async (_label, authorization) => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { ...xhrHeaders, ...(authorization ? { authorization } : {}) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("never adopts a session id presented before login (fixation)", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const planted = "precis_session=attacker-chosen-value";
    const response = await login(email, PASSWORD, { cookie: planted, "x-access-key": "attacker-key" });
    const session = readSession(response);
    expect(session.cookie).not.toBe(planted);
    expect((await userDetails({ cookie: planted, "x-access-key": "attacker-key" })).json().userProfile).toBeNull();
  });

  it("needs the cookie and the key of the same session", async () => {
    const first = await createAccount(server, { label: "counsel", details: COUNSEL });
    const second = await createAccount(server, { label: "counsel", details: COUNSEL });
    const cases: [string, Record<string, string>, boolean][] = [
      ["both", first.session.headers, true],
      ["cookie only", { cookie: first.session.cookie }, false],
      ["key only", { "x-access-key": first.session.accessKey }, false],
      ["key of another session", { cookie: first.session.cookie, "x-access-key": second.session.accessKey }, false],
    ];
    for (const [label, headers, isSignedIn] of cases) {
      const profile = (await userDetails(headers)).json().userProfile;
      expect(profile !== null, label).toBe(isSignedIn);
      const patch = await server.app.inject({
        method: "PATCH",
        url: "/api/user-details",
        headers: { ...xhrHeaders, ...headers },
        payload: { organization: "Cabinet Tremblay" },
      });
      expect(patch.statusCode, label).toBe(isSignedIn ? 200 : 401);
    }
  });

  it("stores only hashes of the cookie and the key", async () => {
    const { session } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const rows = await server.database.db.select().from(sessions);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(session.accessKey);
    expect(stored).not.toContain(session.cookie.split("=")[1]);
  });

  it("ends a session on logout, on the server", async () => {
    const { session } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const logout = await server.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { ...xhrHeaders, ...session.headers },
    });
    expect(logout.json()).toEqual({ Status: "Success" });
    expect(String(logout.headers["set-cookie"])).toMatch(/precis_session=;/);
    expect((await userDetails(session.headers)).json().userProfile).toBeNull();
  });

  it("expires after 30 idle days and after 180 days whatever the use", async () => {
    const idle = await createAccount(server, { label: "counsel", details: COUNSEL });
    time.advanceDays(29);
    expect((await userDetails(idle.session.headers)).json().userProfile).not.toBeNull();
    time.advanceDays(29);
    expect((await userDetails(idle.session.headers)).json().userProfile).not.toBeNull();
    time.advanceDays(31);
    expect((await userDetails(idle.session.headers)).json().userProfile).toBeNull();

    const busy = await createAccount(server, { label: "counsel", details: COUNSEL });
    for (let day = 0; day < 160; day += 20) {
      time.advanceDays(20);
      expect((await userDetails(busy.session.headers)).json().userProfile, `day ${day + 20}`).not.toBeNull();
    }
    time.advanceDays(20);
    expect((await userDetails(busy.session.headers)).json().userProfile).toBeNull();
  });

  it("uses a Secure, __Host- cookie outside development", async () => {
    const env = {
      ...legalSettings,
      APP_ENV: "staging",
      MFA_ENCRYPTION_KEY: "ab".repeat(32),
      ENTERPRISE_SECRET_KEYS: `1:${"cd".repeat(32)}`,
    };
    await withTestServer({ database: server.database, env }, async (staging) => {
      const response = await postRegistration(staging, { email: uniqueEmail("counsel"), password: PASSWORD });
      const cookies = [response.headers["set-cookie"]].flat().map(String);
      const session = cookies.find((cookie) => cookie.startsWith("__Host-precis_session="));
      expect(session).toMatch(/; Secure/);
      // The browser's device cookie (decision 023) is bound the same way.
      expect(cookies.find((cookie) => cookie.startsWith("__Host-precis_device="))).toMatch(/; Secure/);
    });
  });
});

describe("brute-force limits", () => {
  it("locks an account after too many tries, the same way with the right password, and across restarts", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: COUNSEL });
    for (let attempt = 0; attempt < 8; attempt += 1)
      expect((await login(email, "Wrong-password1")).statusCode).toBe(401);
    const locked = await login(email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);

    await withTestServer(
      { database: server.database, clock: time.clock, env: { LOGIN_MAX_PER_ACCOUNT: "8" } },
      async (restarted) => expect((await logIn(restarted, email, PASSWORD)).statusCode).toBe(429),
    );

    time.advanceMinutes(16);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    const events = await server.database.db.select().from(auditEvents).where(eq(auditEvents.event, "locked"));
    expect(events.length).toBeGreaterThan(0);
  });
});

describe("audit log", () => {
  it("records security events without secrets", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: COUNSEL });
    await login(email, "Wrong-password1");
    await login(email, PASSWORD);
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    const events = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, user?.id ?? -1));
    expect(events.map((event) => event.event)).toEqual(["registered", "login_failed", "logged_in"]);
    expect(events.map((event) => event.details)).toEqual([
      { method: "password" },
      { reason: "badPassword" },
      { method: "password" },
    ]);
    expect(events[1]).toMatchObject({ ipAddress: "127.0.0.1", requestId: expect.any(String) });
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
    expect(server.logs.text()).not.toContain(PASSWORD);
  });

  it("stores an event without details as no details, not as JSON null", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    const origin = { ipAddress: "127.0.0.1", userAgent: undefined, requestId: "req-1" };
    await recordAuditEvent(server.database.db, origin, "logged_out", user?.id ?? null);
    const rows = await server.database.db
      .select({ isNull: sql<boolean>`${auditEvents.details} is null` })
      .from(auditEvents)
      .where(and(eq(auditEvents.event, "logged_out"), eq(auditEvents.userId, user?.id ?? -1)));
    expect(rows).toEqual([{ isNull: true }]);
  });
});

describe("forgotten password", () => {
  function findUser(email: string) {
    return server.app.inject({
      method: "POST",
      url: "/api/login/find-user",
      headers: { ...xhrHeaders, authorization: basicAuth(email, "") },
    });
  }
  function reset(email: string, password: string, code: string) {
    return server.app.inject({
      method: "POST",
      url: "/api/login/reset-password",
      headers: { ...xhrHeaders, authorization: basicAuth(email, password) },
      payload: { secret_code: code },
    });
  }
  async function requestCode(email: string) {
    expect((await findUser(email)).statusCode).toBe(200);
    await server.app.mailWorker.runOnce();
    const mail = server.smtp.inbox.filter((item) => item.to === email && /security code/.test(item.subject)).at(-1);
    if (!mail) throw new Error("no code email");
    return readSecurityCode(mail);
  }

  it("emails a code, resets with it, ends every session and notifies", async () => {
    const { email, session } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const code = await requestCode(email);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const response = await reset(email, "Nouveau2025pass", code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: "Success" });
    expect((await userDetails(session.headers)).json().userProfile).toBeNull();
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, "Nouveau2025pass")).statusCode).toBe(200);
    await server.app.mailWorker.runOnce();
    expect(
      server.smtp.inbox.some((mail) => mail.to === email && mail.subject === "Your Precis password was changed"),
    ).toBe(true);
    // Single use.
    expect((await reset(email, "Another2025pass", code)).statusCode).toBe(401);
  });

  it("answers 404 for an unknown email", async () => {
    const response = await findUser("ghost@example.ca");
    expect(response.statusCode).toBe(404);
    expect((await reset("ghost@example.ca", "Nouveau2025pass", "ABCDEFGH")).statusCode).toBe(404);
  });

  it("expires a code after 15 minutes", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const code = await requestCode(email);
    time.advanceMinutes(16);
    const response = await reset(email, "Nouveau2025pass", code);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ Error: "invalidCode", message: "Invalid Email or Secret Code Provided" });
  });

  it("keeps only the newest code valid", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const older = await requestCode(email);
    const newer = await requestCode(email);
    expect((await reset(email, "Nouveau2025pass", older)).statusCode).toBe(401);
    expect((await reset(email, "Nouveau2025pass", newer.toLowerCase())).statusCode).toBe(200);
  });

  it("voids a code after 5 wrong tries", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const code = await requestCode(email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await reset(email, "Nouveau2025pass", "WRONGCD2")).statusCode).toBe(401);
    }
    expect((await reset(email, "Nouveau2025pass", code)).statusCode).toBe(401);
  });

  it("refuses a weak new password before looking at the code", async () => {
    const { email } = await createAccount(server, { label: "counsel", details: COUNSEL });
    const code = await requestCode(email);
    const response = await reset(email, "weak", code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: "invalidPassword" });
    expect((await reset(email, "Nouveau2025pass", code)).statusCode).toBe(200);
  });
});

describe("mail while SMTP is down", () => {
  it("still answers, keeps the email and sends it once SMTP is back", async () => {
    const reserved = await startSmtpServer();
    const port = reserved.port;
    await reserved.close();
    const downClock = createTestClock();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
    await withTestServer({ clock: downClock.clock, env }, async (isolated) => {
      const email = "outage@example.ca";
      await registerAccount(isolated, email);
      expect(await isolated.app.mailWorker.runOnce()).toBe(0);

      const revived = await startSmtpServer(port);
      try {
        // The welcome and the verification code.
        downClock.advanceMinutes(10);
        expect(await isolated.app.mailWorker.runOnce()).toBe(2);
        downClock.advanceMinutes(10);
        expect(await isolated.app.mailWorker.runOnce()).toBe(0);
        expect(revived.inbox.filter((mail) => mail.to === email)).toHaveLength(2);
      } finally {
        await revived.close();
      }
    });
  });
});
