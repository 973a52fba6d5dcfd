import { describe, expect, it } from "vitest";
import { describeUserAgent } from "../src/lib/user-agents.ts";
import { emulatorEnv } from "./emulator-tokens.ts";
import { createTestClock, readSession, xhrHeaders } from "./harness.ts";
import { createAccount, isSignedIn as isSignedInAs, logIn, postAs, type Session } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";

/** Issue 27's API: the account's sessions and devices, and a change of password while signed in. */
const PASSWORD = "Tribunal2024x";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const EXTENSION_ORIGIN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const time = createTestClock();
const server = useTestServer({ time, smtp: true, env: { ...emulatorEnv, CORS_ORIGINS: EXTENSION_ORIGIN } });

/** The accounts register from the owner's Mac, the browser their first session is listed with. */
const ON_CHROME_MAC = { headers: { "user-agent": CHROME_MAC } };
const login = (email: string, headers: Record<string, string> = {}, password = PASSWORD) =>
  logIn(server, email, password, headers);
const listSessions = (session: Session) =>
  server.app.inject({ method: "GET", url: "/api/sessions", headers: session.headers });
const isSignedIn = (session: Session) => isSignedInAs(server, session);

describe("sessions and devices", () => {
  it("lists where the account is signed in, with browser, system, extension, address and this device", async () => {
    const { email, session } = await createAccount(server, ON_CHROME_MAC);
    time.advanceMinutes(5);
    const fromExtension = readSession(
      await login(email, {
        "user-agent": FIREFOX_WINDOWS,
        origin: "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
      }),
    );
    const response = await listSessions(session);
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json();
    expect(sessions).toHaveLength(2);
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          browser: "Chrome 131",
          system: "macOS Catalina",
          isExtension: false,
          isCurrent: true,
          ipAddress: "127.0.0.1",
        }),
        expect.objectContaining({ browser: "Firefox 133", system: "Windows 10", isExtension: true, isCurrent: false }),
      ]),
    );
    expect(JSON.stringify(sessions)).not.toContain(session.accessKey);
    expect(await isSignedIn(fromExtension)).toBe(true);
  });

  it("signs one session out at once, and refuses another account's session id as unknown", async () => {
    const { email, session } = await createAccount(server, ON_CHROME_MAC);
    const other = readSession(await login(email));
    const stranger = await createAccount(server, ON_CHROME_MAC);
    const otherId = (await listSessions(other)).json().sessions.find((row: { isCurrent: boolean }) => row.isCurrent).id;

    const foreign = await server.app.inject({
      method: "DELETE",
      url: `/api/sessions/${otherId}`,
      headers: { ...xhrHeaders, ...stranger.session.headers },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await isSignedIn(other)).toBe(true);

    const revoked = await server.app.inject({
      method: "DELETE",
      url: `/api/sessions/${otherId}`,
      headers: { ...xhrHeaders, ...session.headers },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(session)).toBe(true);
    for (const id of ["abc", "-1", "1".repeat(30)]) {
      const malformed = await server.app.inject({
        method: "DELETE",
        url: `/api/sessions/${id}`,
        headers: { ...xhrHeaders, ...session.headers },
      });
      expect(malformed.statusCode).toBe(400);
    }
  });

  it("signs out everywhere else, keeping this device", async () => {
    const { email, session } = await createAccount(server, ON_CHROME_MAC);
    const others = [readSession(await login(email)), readSession(await login(email))];
    const response = await server.app.inject({
      method: "POST",
      url: "/api/sessions/revoke-others",
      headers: { ...xhrHeaders, ...session.headers },
    });
    expect(response.json()).toEqual({ revoked: 2 });
    for (const other of others) expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(session)).toBe(true);
    expect((await listSessions(session)).json().sessions).toHaveLength(1);
  });

  it("signs out everywhere else only for a session signed in or confirmed within 15 minutes (issue 42)", async () => {
    const { email, session } = await createAccount(server, ON_CHROME_MAC);
    const other = readSession(await login(email));
    time.advanceMinutes(16);
    const revokeOthers = () =>
      server.app.inject({
        method: "POST",
        url: "/api/sessions/revoke-others",
        headers: { ...xhrHeaders, ...session.headers },
      });
    // A stolen old session cannot sign its owner out everywhere: refused, and nothing ended.
    const refused = await revokeOthers();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fields).toEqual([{ path: "reauthentication", message: expect.any(String) }]);
    expect(await isSignedIn(other)).toBe(true);

    const confirmed = await postAs(server, "/api/reauthenticate", session, { password: PASSWORD });
    expect(confirmed.statusCode).toBe(200);
    expect((await revokeOthers()).json()).toEqual({ revoked: 1 });
    expect(await isSignedIn(other)).toBe(false);
  });

  it("reads any user agent, however malformed, without failing", () => {
    for (const agent of [null, "", "}{", "\u0000".repeat(10), "x".repeat(10_000)]) {
      expect(describeUserAgent(agent)).toEqual(expect.objectContaining({ browser: expect.any(String) }));
    }
  });
});

describe("security emails", () => {
  it("tell the owner of a sign-in from a browser and system the account has not used before, once", async () => {
    const { email } = await createAccount(server, ON_CHROME_MAC);
    await login(email, { "user-agent": CHROME_MAC });
    await login(email, { "user-agent": FIREFOX_WINDOWS });
    await login(email, { "user-agent": FIREFOX_WINDOWS });
    // The same browser after an update is no news.
    await login(email, { "user-agent": CHROME_MAC.replace("Chrome/131.0.0.0", "Chrome/132.0.6834.83") });
    await server.app.mailWorker.runOnce();
    const notices = server.smtp.inbox.filter(
      (mail) => mail.to === email && mail.subject === "New sign-in to your Precis account",
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("Firefox 133, Windows 10");
    expect(notices[0]?.text).toContain("from the address 127.0.0.1");
    expect(notices[0]?.text).toContain("If it wasn't, change your password now");
  });
});

describe("change of password", () => {
  const change = (session: Session, body: object) =>
    server.app.inject({
      method: "POST",
      url: "/api/change-password",
      headers: { ...xhrHeaders, ...session.headers },
      payload: body,
    });

  it("needs the current password, follows SPEC's rules, ends the other sessions and tells the owner", async () => {
    const { email, session } = await createAccount(server, ON_CHROME_MAC);
    const other = readSession(await login(email));
    const wrong = await change(session, { currentPassword: "Not-it-2024", newPassword: "Plaidoirie2025x" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Bad Password. Please try again");
    const weak = await change(session, { currentPassword: PASSWORD, newPassword: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().Error).toBe("invalidPassword");
    const common = await change(session, { currentPassword: PASSWORD, newPassword: "Password123" });
    expect(common.json().Error).toBe("commonPassword");
    expect(await isSignedIn(other)).toBe(true);

    const changed = await change(session, { currentPassword: PASSWORD, newPassword: "Plaidoirie2025x" });
    expect(changed.statusCode).toBe(200);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(session)).toBe(true);
    expect((await login(email, {}, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, {}, "Plaidoirie2025x")).statusCode).toBe(200);
    await server.app.mailWorker.runOnce();
    const notice = server.smtp.inbox.find((mail) => mail.to === email && /password was changed/.test(mail.subject));
    expect(notice?.text).toContain("every other session was signed out");
  });

  it("rate-limits guesses at the current password", async () => {
    const { session } = await createAccount(server, ON_CHROME_MAC);
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await change(session, { currentPassword: `Guess-${attempt}-x1`, newPassword: "Plaidoirie2025x" })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
