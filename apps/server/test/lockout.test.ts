import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../src/db/schema/index.ts";
import { basicAuth, createTestClock, verifyEmailThroughApi, xhrHeaders } from "./harness.ts";
import { logIn, postAs, registerAccount } from "./support/accounts.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";
import { createAuthenticatorApp } from "./support/totp.ts";

/**
 * Lockout that cannot be turned against the owner (issue 27): limits keyed on the account with the client's
 * address, on the address, and on a browser that signed in before. Requests reach the server through one
 * trusted proxy hop (inject() opens no socket: the addresses below are only header values).
 */
const PASSWORD = "Tribunal2024x";
const PROXY = "127.0.0.1";
const ATTACKER = "203.0.113.66";
const OWNER = "198.51.100.7";
const time = createTestClock();
const server = useTestServer({
  time,
  env: {
    TRUST_PROXY: "1",
    LOGIN_MAX_PER_ACCOUNT: "5",
    RESET_MAX_PER_ACCOUNT: "3",
    ACCOUNT_MAX_FAILURES_ALL_ADDRESSES: "20",
  },
});

let counter = 0;
async function newAccount() {
  counter += 1;
  const email = `owner${counter}@example.ca`;
  const { response, session } = await registerAccount(server, email, {
    password: PASSWORD,
    headers: { "x-forwarded-for": OWNER },
    remoteAddress: PROXY,
  });
  const deviceCookie = response.cookies.find((cookie) => cookie.name === "precis_device");
  if (!deviceCookie) throw new Error("no device cookie");
  return { email, session, device: `${deviceCookie.name}=${deviceCookie.value}` };
}
const login = (email: string, password: string, from: string, cookie?: string) =>
  logIn(server, email, password, { "x-forwarded-for": from, ...(cookie ? { cookie } : {}) }, PROXY);
const findUser = (email: string, from: string) =>
  server.app.inject({
    method: "POST",
    url: "/api/login/find-user",
    headers: { ...xhrHeaders, authorization: basicAuth(email, ""), "x-forwarded-for": from },
    remoteAddress: PROXY,
  });
async function failFrom(email: string, from: string, times: number) {
  const statuses = [];
  for (let attempt = 0; attempt < times; attempt += 1)
    statuses.push((await login(email, "Wrong-guess-1", from)).statusCode);
  return statuses;
}

describe("an attacker guessing passwords from one address", () => {
  it("is stopped there, while the owner logs in from another address with the right password", async () => {
    const { email } = await newAccount();
    expect(await failFrom(email, ATTACKER, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(email, PASSWORD, ATTACKER)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it("does not stop the owner's browser that signed in before, even behind the attacker's address", async () => {
    const { email, device } = await newAccount();
    await failFrom(email, ATTACKER, 6);
    expect((await login(email, PASSWORD, ATTACKER)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, ATTACKER, device)).statusCode).toBe(200);
  });

  it("leaves password reset available to the owner", async () => {
    const { email } = await newAccount();
    const attacks = [];
    for (let attempt = 0; attempt < 4; attempt += 1) attacks.push((await findUser(email, ATTACKER)).statusCode);
    expect(attacks).toEqual([200, 200, 200, 429]);
    expect((await findUser(email, OWNER)).statusCode).toBe(200);
  });
});

describe("a firm's people signing in behind one office address (issue 43)", () => {
  it("never count toward a lockout: only wrong passwords add up", async () => {
    const { email } = await newAccount();
    // Twice the per-account limit of right passwords, from a browser without the device cookie.
    const signIns = [];
    for (let attempt = 0; attempt < 10; attempt += 1) signIns.push((await login(email, PASSWORD, OWNER)).statusCode);
    expect(signIns).toEqual(Array(10).fill(200));
    // The wrong ones still do, and then the right password waits too, as before (no oracle).
    expect(await failFrom(email, OWNER, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(email, PASSWORD, OWNER)).statusCode).toBe(429);
  });
});

describe("a guessing attack spread over many addresses", () => {
  it("meets the account-wide bound, which the owner's known browser still passes", async () => {
    const { email, device } = await newAccount();
    for (let address = 1; address <= 5; address += 1) await failFrom(email, `192.0.2.${address}`, 4);
    expect((await login(email, PASSWORD, "192.0.2.99")).statusCode).toBe(429);
    expect((await login(email, PASSWORD, OWNER, device)).statusCode).toBe(200);
  });
});

describe("the client's address", () => {
  it("is not the client's to choose without a trusted proxy", async () => {
    const options = { database: server.database, clock: time.clock, env: { LOGIN_MAX_PER_ACCOUNT: "3" } };
    await withTestServer(options, async (direct) => {
      const { email } = await newAccount();
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await direct.app.inject({
          method: "POST",
          url: "/api/login",
          headers: {
            ...xhrHeaders,
            authorization: basicAuth(email, "Wrong-guess-1"),
            "x-forwarded-for": `192.0.2.${attempt}`,
          },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  });
});

describe("the second step locked by a stranger's wrong codes (issue 42, finding 4)", () => {
  const { codeAt, wrongCodeFor } = createAuthenticatorApp(time);
  const secondStep = (token: string, code: string, from: string, cookie?: string) =>
    server.app.inject({
      method: "POST",
      url: "/api/login/second-factor",
      headers: { ...xhrHeaders, "x-forwarded-for": from, ...(cookie ? { cookie } : {}) },
      remoteAddress: PROXY,
      payload: { secondFactorToken: token, code },
    });
  async function tokenFor(email: string, from: string, cookie?: string) {
    const response = await login(email, PASSWORD, from, cookie);
    expect(response.json().Status).toBe("SecondFactorRequired");
    return response.json().secondFactorToken as string;
  }

  it("holds for the owner's browser that signed in before too, until the owner opens the emailed link", async () => {
    const { email, session, device } = await newAccount();
    await verifyEmailThroughApi(server, email, session);
    const post = (url: string, payload?: object) => postAs(server, url, session, payload);
    const { secret } = (await post("/api/mfa/totp/setup")).json();
    expect((await post("/api/mfa/totp/enable", { code: codeAt(secret) })).statusCode).toBe(200);
    time.advanceMilliseconds(30_000);

    // Twenty wrong codes from four addresses, one window each: the step is locked for the account.
    for (let address = 1; address <= 4; address += 1) {
      time.advanceMinutes(16);
      const from = `192.0.2.${address}`;
      const token = await tokenFor(email, from);
      for (let guess = 0; guess < 5; guess += 1) await secondStep(token, wrongCodeFor(secret), from);
    }
    time.advanceMinutes(16);
    expect((await secondStep(await tokenFor(email, ATTACKER), codeAt(secret), ATTACKER)).statusCode).toBe(403);
    // One run per account (decision 042): a browser the owner used before has no tries of its own, since a
    // stolen session carries that browser's cookies. The owner's way back is the mailbox, which the guesser lacks.
    expect((await secondStep(await tokenFor(email, OWNER, device), codeAt(secret), OWNER, device)).statusCode).toBe(
      403,
    );
    const [lock] = await server.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), like(mailOutbox.subject, "%is locked")));
    const token = /\/two-step\/unlock\?token=([\w-]+)/.exec(lock?.text ?? "")?.[1];
    const unlocked = await server.app.inject({
      method: "POST",
      url: "/api/mfa/unlock",
      headers: { ...xhrHeaders, "x-forwarded-for": OWNER },
      remoteAddress: PROXY,
      payload: { token },
    });
    expect(unlocked.statusCode).toBe(200);
    const owner = await secondStep(await tokenFor(email, OWNER, device), codeAt(secret), OWNER, device);
    expect(owner.statusCode).toBe(200);
  });
});
