import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, rateLimitCounters } from "../src/db/schema/index.ts";
import { basicAuth, createTestClock, readVerificationCode, verifyEmailThroughApi } from "./harness.ts";
import { readSecurityCode } from "./smtp.ts";
import { type ProxiedRequest, registerAccount, sendThroughProxy, uniqueEmail } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";
import { createAuthenticatorApp, enableAuthenticatorApp } from "./support/totp.ts";

/**
 * Issue 42's guessing limits that add up: the second step's wrong codes counted per account across tokens and
 * windows, emailed codes nobody but their owner can spend, a cap on codes emailed per hour, and limit keys that
 * hold no address. Requests come through one trusted proxy hop, so each test picks its client's address.
 */
const PASSWORD = "Tribunal2024x";
const NEW_PASSWORD = "Jurisprudence2025y";
const PROXY = "127.0.0.1";
const OWNER = "198.51.100.7";
const ATTACKER = "203.0.113.66";
const time = createTestClock();
const server = useTestServer({ time, smtp: true, env: { TRUST_PROXY: "1" } });

const call = (
  method: "POST" | "GET",
  url: string,
  from: string,
  options: Pick<ProxiedRequest, "session" | "authorization" | "payload" | "cookie"> = {},
) => sendThroughProxy(server, { method, url, from, proxy: PROXY, ...options });

/** The owner's requests: from their own address, through the proxy. */
const FROM_OWNER = { headers: { "x-forwarded-for": OWNER }, remoteAddress: PROXY };
const app = createAuthenticatorApp(time);
const { codeAt, wrongCodeFor } = app;
async function mailsTo(email: string, subject: RegExp) {
  await server.app.mailWorker.runOnce();
  return server.smtp.inbox.filter((mail) => mail.to === email && subject.test(mail.subject));
}

/** A verified account with the authenticator app on. */
async function registerWithApp() {
  const account = await registerAccount(server, uniqueEmail("guessed"), FROM_OWNER);
  await verifyEmailThroughApi(server, account.email, account.session);
  const { secret } = await enableAuthenticatorApp(server, account.session, app, FROM_OWNER);
  time.advanceMilliseconds(30_000);
  return { ...account, secret };
}
async function firstStep(email: string, from: string, password = PASSWORD) {
  const response = await call("POST", "/api/login", from, { authorization: basicAuth(email, password) });
  expect(response.json().Status).toBe("SecondFactorRequired");
  return response.json().secondFactorToken as string;
}
const secondStep = (token: string, code: string, from: string) =>
  call("POST", "/api/login/second-factor", from, { payload: { secondFactorToken: token, code } });

describe("the second step's wrong codes (finding 4)", () => {
  it("add up per account across tokens, addresses and windows, lock the step at 20, and email the owner", async () => {
    const { email, secret } = await registerWithApp();
    const statuses: number[] = [];
    // Four tokens of five wrong codes, from four addresses, each pair of tokens in a window of its own.
    for (let token = 0; token < 4; token += 1) {
      if (token % 2 === 0) time.advanceMinutes(16);
      const from = `192.0.2.${token + 10}`;
      const secondFactorToken = await firstStep(email, from);
      for (let guess = 0; guess < 5; guess += 1)
        statuses.push((await secondStep(secondFactorToken, wrongCodeFor(secret), from)).statusCode);
    }
    expect(statuses.slice(0, 19).every((status) => status === 401)).toBe(true);
    expect(statuses[19]).toBe(403);

    // Locked: a fresh token in a fresh window, even with the right code, from anywhere.
    time.advanceMinutes(16);
    const locked = await secondStep(await firstStep(email, OWNER), codeAt(secret), OWNER);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toMatch(/^Too many wrong codes were entered for this account\./);

    // Told once of the first wrong code (not of the next 18), and once of the lock.
    const alerts = await mailsTo(email, /A wrong two-step verification code was entered/);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain("Someone who knows your Precis password just entered a wrong");
    expect(alerts[0]?.text).toContain("change it now at");
    const lockNotices = await mailsTo(email, /is locked/);
    expect(lockNotices).toHaveLength(1);

    // The owner's way out without the lock's link (second-step-budget.test.ts): a new password set with a code
    // emailed to the address.
    const { code, browser } = await askForResetCode(email, OWNER);
    const reset = await call("POST", "/api/login/reset-password", OWNER, {
      authorization: basicAuth(email, NEW_PASSWORD),
      payload: { secret_code: code },
      cookie: browser,
    });
    expect(reset.statusCode).toBe(200);
    time.advanceMilliseconds(30_000);
    const unlocked = await secondStep(await firstStep(email, OWNER, NEW_PASSWORD), codeAt(secret), OWNER);
    expect(unlocked.statusCode).toBe(200);
  });

  it("start again after a right code, and tell the owner at most once a day", async () => {
    const { email, secret } = await registerWithApp();
    for (let round = 0; round < 3; round += 1) {
      const token = await firstStep(email, ATTACKER);
      for (let guess = 0; guess < 4; guess += 1)
        expect((await secondStep(token, wrongCodeFor(secret), ATTACKER)).statusCode).toBe(401);
      expect((await secondStep(token, codeAt(secret), ATTACKER)).statusCode).toBe(200);
      time.advanceMinutes(16);
    }
    // 12 wrong codes, but never 20 in a row; and one email for three runs within the day.
    expect(await mailsTo(email, /A wrong two-step verification code was entered/)).toHaveLength(1);
    time.advanceDays(1);
    const token = await firstStep(email, ATTACKER);
    expect((await secondStep(token, wrongCodeFor(secret), ATTACKER)).statusCode).toBe(401);
    expect(await mailsTo(email, /A wrong two-step verification code was entered/)).toHaveLength(2);
  });
});

/** Asks for a reset code for `email` from `from`: the code, and the cookie the server gave the asking browser. */
async function askForResetCode(email: string, from: string, cookie?: string) {
  const asked = await call("POST", "/api/login/find-user", from, { authorization: basicAuth(email, ""), cookie });
  expect(asked.statusCode).toBe(200);
  const [mail] = (await mailsTo(email, /security code/)).slice(-1);
  if (!mail) throw new Error("no reset email");
  const browser = cookie ?? asked.cookies.map((item) => `${item.name}=${item.value}`).join("; ");
  return { code: readSecurityCode(mail), browser };
}

describe("an emailed code (finding 5)", () => {
  it("for a reset survives a stranger's wrong guesses, which still run out", async () => {
    const { email } = await registerAccount(server, uniqueEmail("guessed"), FROM_OWNER);
    const { code, browser } = await askForResetCode(email, OWNER);
    const guess = (from: string, secretCode: string) =>
      call("POST", "/api/login/reset-password", from, {
        authorization: basicAuth(email, "Attacker-chosen-1"),
        payload: { secret_code: secretCode },
      });
    const strangers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) strangers.push((await guess(ATTACKER, "AAAAAAAA")).statusCode);
    expect(strangers).toEqual([401, 401, 401, 401, 401, 401]);
    // The stranger's tries are spent: even the right code is refused to it.
    expect((await guess(ATTACKER, code)).statusCode).toBe(401);
    // Strangers together share 20 tries an hour: a fifth address meets that bound with the right code.
    for (let address = 1; address <= 3; address += 1)
      for (let attempt = 0; attempt < 5; attempt += 1) await guess(`192.0.2.${address}`, "AAAAAAAA");
    expect((await guess("192.0.2.50", code)).statusCode).toBe(401);

    const owner = await call("POST", "/api/login/reset-password", OWNER, {
      authorization: basicAuth(email, NEW_PASSWORD),
      payload: { secret_code: code },
      cookie: browser,
    });
    expect(owner.statusCode).toBe(200);
  });

  it("for a reset belongs to the browser that asked: a stranger's 40 wrong guesses leave it whole (issue 53)", async () => {
    const { email } = await registerAccount(server, uniqueEmail("guessed"), FROM_OWNER);
    const { code, browser } = await askForResetCode(email, OWNER);
    // The stranger has a device cookie of their own, from asking for a code to their own account.
    const { email: strangerEmail } = await registerAccount(server, uniqueEmail("guessed"), FROM_OWNER);
    const { browser: strangerBrowser } = await askForResetCode(strangerEmail, ATTACKER);
    const statuses: number[] = [];
    for (let address = 1; address <= 8; address += 1)
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const guess = await call("POST", "/api/login/reset-password", `192.0.2.${60 + address}`, {
          authorization: basicAuth(email, "Attacker-chosen-1"),
          payload: { secret_code: "AAAAAAAA" },
          cookie: strangerBrowser,
        });
        statuses.push(guess.statusCode);
      }
    expect(statuses).toHaveLength(40);
    expect(statuses.every((status) => status === 401)).toBe(true);
    // Even the stranger sending the asking browser's address counts as a stranger.
    const sameNetwork = await call("POST", "/api/login/reset-password", OWNER, {
      authorization: basicAuth(email, "Attacker-chosen-1"),
      payload: { secret_code: code },
    });
    expect(sameNetwork.statusCode).toBe(401);

    // The owner types the code in the browser that asked, on another network: it still works.
    const owner = await call("POST", "/api/login/reset-password", "192.0.2.200", {
      authorization: basicAuth(email, NEW_PASSWORD),
      payload: { secret_code: code },
      cookie: browser,
    });
    expect(owner.statusCode).toBe(200);
  });

  it("to verify an address needs the session or the link's token: a stranger with the address and the code gets nowhere", async () => {
    const { email, session } = await registerAccount(server, uniqueEmail("guessed"), FROM_OWNER);
    const code = await readVerificationCode(server.database, email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await call("POST", "/api/verify-email", ATTACKER, { payload: { email, code: "AAAAAAAA" } });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    expect((await call("POST", "/api/verify-email", ATTACKER, { payload: { code } })).statusCode).toBe(401);
    const owner = await call("POST", "/api/verify-email", OWNER, { session, payload: { code } });
    expect(owner.statusCode).toBe(200);
  });
});

describe("codes emailed to one account (finding 10)", () => {
  it("are at most five an hour, while every request answers as if one was sent", async () => {
    const { email } = await registerAccount(server, uniqueEmail("guessed"), FROM_OWNER);
    await mailsTo(email, /./);
    const before = server.smtp.inbox.filter((mail) => mail.to === email && /security code/.test(mail.subject)).length;
    const statuses: number[] = [];
    for (let address = 1; address <= 6; address += 1)
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await call("POST", "/api/login/find-user", `192.0.2.${100 + address}`, {
          authorization: basicAuth(email, ""),
        });
        statuses.push(response.statusCode);
      }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const delivered = (await mailsTo(email, /security code/)).slice(before);
    expect(delivered).toHaveLength(5);
    // The newest code sent (the mail worker may deliver out of order) is still the one that works.
    const [newest] = await server.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), like(mailOutbox.subject, "%security code")))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    if (!newest) throw new Error("no reset email");
    const reset = await call("POST", "/api/login/reset-password", OWNER, {
      authorization: basicAuth(email, NEW_PASSWORD),
      payload: { secret_code: readSecurityCode({ to: email, subject: "", text: newest.text, html: "" }) },
    });
    expect(reset.statusCode).toBe(200);
    // The next hour has its own allowance.
    time.advanceMinutes(61);
    await call("POST", "/api/login/find-user", OWNER, { authorization: basicAuth(email, "") });
    expect((await mailsTo(email, /security code/)).slice(before)).toHaveLength(6);
  });
});

describe("limit counters", () => {
  it("hold a keyed hash of the address, never the address, and still limit", async () => {
    const { email } = await registerAccount(server, uniqueEmail("guessed"), FROM_OWNER);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await call("POST", "/api/login", ATTACKER, { authorization: basicAuth(email, "Wrong-1x") });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const named = await server.database.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, "%@%"));
    expect(named).toEqual([]);
    const loginKeys = await server.database.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, "login:account:%"));
    expect(loginKeys.length).toBeGreaterThan(0);
    expect((await call("POST", "/api/login", OWNER, { authorization: basicAuth(email, PASSWORD) })).statusCode).toBe(
      200,
    );
  });
});
