import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, sessions, userIdentities, users } from "../src/db/schema/index.ts";
import { hashSecret } from "../src/modules/sessions/service.ts";
import { emulatorEnv, emulatorToken as emulatorTokenAt, EMULATOR_PROJECT as PROJECT } from "./emulator-tokens.ts";
import { basicAuth, createTestClock, readSession, xhrHeaders } from "./harness.ts";
import { registerAccount } from "./support/accounts.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";

const time = createTestClock();
// The Firebase Auth Emulator's tokens are unsigned: the cryptography is proven in token-verifier.test.ts,
// the endpoints here.
const server = useTestServer({ time, isNewDayEachTest: false, env: { ...emulatorEnv, REGISTER_MAX_PER_IP: "1000" } });

const nowSeconds = () => Math.floor(time.clock().getTime() / 1000);
const emulatorToken = (email: string, overrides: Record<string, unknown> = {}) =>
  emulatorTokenAt(email, time.clock(), overrides);
function ssoPost(url: string, email: string, token: string, body?: object, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: "POST",
    url,
    headers: { ...xhrHeaders, authorization: basicAuth(email, token), ...headers },
    ...(body ? { payload: body } : {}),
  });
}
async function countUsers() {
  const [row] = await server.database.db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

describe("sign-in configuration", () => {
  it("gives the browser the Firebase web configuration and the emulator", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/sso/firebase" });
    expect(response.json()).toEqual({
      isConfigured: true,
      firebaseConfig: { apiKey: "fake-api-key", authDomain: "precis-emulated.firebaseapp.com", projectId: PROJECT },
      emulatorUrl: "http://127.0.0.1:9099",
    });
    // index.html embeds the same answer (the public config), so the buttons need no round trip.
    const clientConfig = await server.app.inject({ method: "GET", url: "/api/client-config" });
    expect(clientConfig.json().sso).toEqual(response.json());
  });

  it("says when sign-in is not configured", async () => {
    await withTestServer({ database: server.database }, async (bare) => {
      expect((await bare.app.inject({ method: "GET", url: "/api/sso/firebase" })).json()).toEqual({
        isConfigured: false,
      });
      expect((await bare.app.inject({ method: "GET", url: "/api/client-config" })).json().sso).toEqual({
        isConfigured: false,
      });
    });
  });
});

describe("SSO registration and login", () => {
  it("makes names of a display name fit for emails: composed, without line breaks, controls or direction overrides", async () => {
    const email = "odd.name@example.ca";
    const token = emulatorToken(email, { name: "Ame\u0301lie\r\nBcc: x@evil.example\u202E Roy" });
    const registered = await ssoPost("/api/sso/register", email, token, { email, role: "lawyer" });
    expect(registered.statusCode).toBe(200);
    const profile = (
      await server.app.inject({ method: "GET", url: "/api/user-details", headers: readSession(registered).headers })
    ).json().userProfile;
    expect(profile).toMatchObject({ firstName: "Am\u00e9lie", lastName: "Bcc: x@evil.example Roy" });
  });

  it("answers 404 for a new identity, registers it with a derived username, then logs it in", async () => {
    const email = "marie.eve@example.ca";
    expect((await ssoPost("/api/sso/login", email, emulatorToken(email))).statusCode).toBe(404);

    const registered = await ssoPost("/api/sso/register", email, emulatorToken(email), { email, role: "law faculty" });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ Status: "Success", Role: "law faculty" });
    const profile = (
      await server.app.inject({ method: "GET", url: "/api/user-details", headers: readSession(registered).headers })
    ).json().userProfile;
    expect(profile).toMatchObject({
      email,
      name: "Marie-ÈveTrembl",
      firstName: "Marie-Ève",
      lastName: "Tremblay Gagnon",
    });

    const login = await ssoPost("/api/sso/login", email.toUpperCase(), emulatorToken(email));
    expect(login.statusCode).toBe(200);
    expect(login.headers["x-access-key"]).toEqual(expect.any(String));
  });

  it("gives a taken derived username a short numeric suffix within 15 characters", async () => {
    await ssoPost(
      "/api/sso/register",
      "first@example.ca",
      emulatorToken("first@example.ca", { name: "Jean Tremblay-Lavoie" }),
      {
        email: "first@example.ca",
        role: "lawyer",
      },
    );
    const second = await ssoPost(
      "/api/sso/register",
      "second@example.ca",
      emulatorToken("second@example.ca", { name: "Jean Tremblay-Lavoie" }),
      { email: "second@example.ca", role: "lawyer" },
    );
    const profile = (
      await server.app.inject({ method: "GET", url: "/api/user-details", headers: readSession(second).headers })
    ).json().userProfile;
    expect(profile.name).toBe("JeanTremblay-L2");
  });

  it("links a Google identity to the password account with the same verified email", async () => {
    const email = "password.first@example.ca";
    await registerAccount(server, email);
    const login = await ssoPost("/api/sso/login", email, emulatorToken(email));
    expect(login.statusCode).toBe(200);
    const links = await server.database.db.select().from(userIdentities).where(eq(userIdentities.email, email));
    expect(links).toHaveLength(1);
  });

  it("answers 409 when registering an email that exists", async () => {
    const email = "taken@example.ca";
    await ssoPost("/api/sso/register", email, emulatorToken(email), { email, role: "lawyer" });
    const again = await ssoPost("/api/sso/register", email, emulatorToken(email, { sub: "another-uid" }), {
      email,
      role: "lawyer",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Error: "emailExists" });
  });

  it.each([
    ["an unverified email", { email_verified: false }],
    ["an expired token", { exp: nowSeconds() - 60 }],
    ["a token of another project", { aud: "another-project" }],
    ["a password sign-in", { firebase: { sign_in_provider: "password" } }],
    ["a token for another email", { email: "someone.else@example.ca" }],
  ])("refuses %s with 401 and creates nothing", async (_label, overrides) => {
    const email = "forged@example.ca";
    const before = await countUsers();
    const response = await ssoPost("/api/sso/register", email, emulatorToken(email, overrides), {
      email,
      role: "lawyer",
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ Error: "invalidToken", message: "Invalid Email or Password" });
    expect(await countUsers()).toBe(before);
  });

  it("refuses a body email that differs from the token's", async () => {
    const response = await ssoPost("/api/sso/register", "a@example.ca", emulatorToken("a@example.ca"), {
      email: "b@example.ca",
      role: "lawyer",
    });
    expect(response.statusCode).toBe(401);
  });

  it("answers 400 to a missing or malformed Basic header", async () => {
    const response = await server.app.inject({ method: "POST", url: "/api/sso/login", headers: xhrHeaders });
    expect(response.statusCode).toBe(400);
  });

  it("answers 503, never 500 and never a session, when Google's keys cannot be fetched", async () => {
    await withTestServer(
      {
        database: server.database,
        env: { FIREBASE_PROJECT_ID: PROJECT, FIREBASE_JWKS_URL: "http://127.0.0.1:9/keys" },
      },
      async (offline) => {
        const before = await countUsers();
        const response = await offline.app.inject({
          method: "POST",
          url: "/api/sso/register",
          headers: { ...xhrHeaders, authorization: basicAuth("x@example.ca", emulatorToken("x@example.ca")) },
          payload: { email: "x@example.ca", role: "lawyer" },
        });
        expect(response.statusCode).toBe(401); // unsigned tokens are never accepted outside emulator mode
        const signedLooking = `${Buffer.from(JSON.stringify({ alg: "RS256", kid: "k" })).toString("base64url")}.${emulatorToken("x@example.ca").split(".")[1]}.c2ln`;
        const unavailable = await offline.app.inject({
          method: "POST",
          url: "/api/sso/login",
          headers: { ...xhrHeaders, authorization: basicAuth("x@example.ca", signedLooking) },
        });
        expect(unavailable.statusCode).toBe(503);
        expect(response.headers["set-cookie"]).toBeUndefined();
        expect(await countUsers()).toBe(before);
      },
    );
  });
});

describe("change of email", () => {
  async function ssoUser(email: string) {
    const response = await ssoPost("/api/sso/register", email, emulatorToken(email), { email, role: "lawyer" });
    return readSession(response).headers;
  }

  it("switches the email with a fresh sign-in and tells the old address", async () => {
    const session = await ssoUser("old.address@example.ca");
    const newEmail = "new.address@example.ca";
    const response = await ssoPost("/api/sso/change-email", newEmail, emulatorToken(newEmail), undefined, session);
    expect(response.statusCode).toBe(200);
    const profile = (await server.app.inject({ method: "GET", url: "/api/user-details", headers: session })).json()
      .userProfile;
    expect(profile.email).toBe(newEmail);
    expect((await ssoPost("/api/sso/login", newEmail, emulatorToken(newEmail))).statusCode).toBe(200);
    const sent = await server.app.mailWorker.runOnce();
    expect(sent).toBeGreaterThan(0);
  });

  it("answers 409 when another account has the email, and 401 when not logged in", async () => {
    const session = await ssoUser("mover@example.ca");
    await ssoUser("occupied@example.ca");
    const taken = await ssoPost(
      "/api/sso/change-email",
      "occupied@example.ca",
      emulatorToken("occupied@example.ca", { sub: "x" }),
      undefined,
      session,
    );
    expect(taken.statusCode).toBe(409);
    const anonymous = await ssoPost("/api/sso/change-email", "free@example.ca", emulatorToken("free@example.ca"));
    expect(anonymous.statusCode).toBe(401);
  });

  it("needs a sign-in from the last 5 minutes", async () => {
    const session = await ssoUser("slow@example.ca");
    const stale = emulatorToken("slow.new@example.ca", { auth_time: nowSeconds() - 301 });
    expect((await ssoPost("/api/sso/change-email", "slow.new@example.ca", stale, undefined, session)).statusCode).toBe(
      401,
    );
  });
});

describe("forged tokens against Google's keys (no emulator)", () => {
  const SIGNED_PROJECT = "precis-signed";
  let googleKey: Awaited<ReturnType<typeof generateKeyPair>>;
  let foreignKey: typeof googleKey;
  let keyServer: Server;

  beforeAll(async () => {
    [googleKey, foreignKey] = await Promise.all([
      generateKeyPair("RS256", { extractable: true }),
      generateKeyPair("RS256", { extractable: true }),
    ]);
    const keys = [{ ...(await exportJWK(googleKey.publicKey)), kid: "google-1", alg: "RS256", use: "sig" }];
    // A local stand-in for Google's key endpoint: no test reaches the internet.
    keyServer = createServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ keys }));
    });
    await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise((resolve) => keyServer.close(resolve)));
  // Started once the key server listens, and closed before it.
  const signed = useTestServer({
    time,
    isNewDayEachTest: false,
    sharesDatabaseWith: server,
    env: () => ({
      FIREBASE_PROJECT_ID: SIGNED_PROJECT,
      FIREBASE_API_KEY: "fake-api-key",
      FIREBASE_AUTH_DOMAIN: "precis-signed.firebaseapp.com",
      FIREBASE_JWKS_URL: `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/keys`,
      REGISTER_MAX_PER_IP: "1000",
      AUTH_MAX_PER_IP: "1000",
    }),
  });

  const email = "forged.target@example.ca";
  function claims(overrides: Record<string, unknown> = {}) {
    return {
      iss: `https://securetoken.google.com/${SIGNED_PROJECT}`,
      aud: SIGNED_PROJECT,
      sub: "google-subject",
      iat: nowSeconds() - 10,
      exp: nowSeconds() + 3600,
      auth_time: nowSeconds() - 10,
      email,
      email_verified: true,
      name: "Forged Target",
      firebase: { sign_in_provider: "google.com" },
      ...overrides,
    };
  }
  const sign = (payload: object, key = googleKey.privateKey, kid = "google-1") =>
    new SignJWT({ ...payload }).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(key);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

  const forgeries: [string, () => Promise<string>][] = [
    ["alg none", async () => `${encode({ alg: "none", typ: "JWT" })}.${encode(claims())}.`],
    [
      "HS256 signed with the public key",
      async () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: "HS256", kid: "google-1" })
          .sign(new TextEncoder().encode(JSON.stringify(await exportJWK(googleKey.publicKey)))),
    ],
    ["a wrong aud", () => sign(claims({ aud: "another-project" }))],
    ["a wrong iss", () => sign(claims({ iss: "https://securetoken.google.com/another-project" }))],
    ["an expired token", () => sign(claims({ exp: nowSeconds() - 60 }))],
    ["iat in the future", () => sign(claims({ iat: nowSeconds() + 600 }))],
    ["auth_time in the future", () => sign(claims({ auth_time: nowSeconds() + 600 }))],
    ["an empty sub", () => sign(claims({ sub: "" }))],
    ["a 129-character sub", () => sign(claims({ sub: "s".repeat(129) }))],
    ["an unknown key id", () => sign(claims(), googleKey.privateKey, "unknown-kid")],
    ["a key that is not Google's", () => sign(claims(), foreignKey.privateKey)],
    ["a token for another email", () => sign(claims({ email: "someone.else@example.ca" }))],
    ["an unverified email", () => sign(claims({ email_verified: false }))],
  ];

  const countRefusals = async () => {
    const rows = await server.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.event, "sso_login_failed"));
    return rows.filter((row) => row.details?.reason === "invalidToken").length;
  };

  it.each(forgeries)("answers 401 to %s, creates nothing and audit-logs the refusal", async (_label, forge) => {
    const before = await countUsers();
    const refusalsBefore = await countRefusals();
    const response = await signed.app.inject({
      method: "POST",
      url: "/api/sso/register",
      headers: { ...xhrHeaders, authorization: basicAuth(email, await forge()) },
      payload: { email, role: "lawyer" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(await countUsers()).toBe(before);
    expect(await countRefusals()).toBe(refusalsBefore + 1);
  });

  it("accepts the genuine token the forgeries were made from", async () => {
    const response = await signed.app.inject({
      method: "POST",
      url: "/api/sso/register",
      headers: { ...xhrHeaders, authorization: basicAuth(email, await sign(claims())) },
      payload: { email, role: "lawyer" },
    });
    expect(response.statusCode).toBe(200);
    const [created] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toBeDefined();
  });
});

describe("a Google or Microsoft sign-in is as fresh as its auth_time (issue 42, finding 9)", () => {
  const exportWith = (session: ReturnType<typeof readSession>) =>
    server.app.inject({ method: "GET", url: "/api/account/export", headers: session.headers });
  const authenticatedAtOf = async (session: ReturnType<typeof readSession>) => {
    const [row] = await server.database.db
      .select({ authenticatedAt: sessions.authenticatedAt })
      .from(sessions)
      .where(eq(sessions.accessKeyHash, hashSecret(session.accessKey)));
    return row?.authenticatedAt;
  };

  it("opens a session that step-up refuses when the provider's sign-in is 30 days old", async () => {
    const email = "stale.google@example.ca";
    await ssoPost("/api/sso/register", email, emulatorToken(email), { email, role: "lawyer" });
    const signedInLongAgo = nowSeconds() - 30 * 86_400;
    const login = await ssoPost("/api/sso/login", email, emulatorToken(email, { auth_time: signedInLongAgo }));
    expect(login.statusCode).toBe(200);
    const session = readSession(login);
    expect(await authenticatedAtOf(session)).toEqual(new Date(signedInLongAgo * 1000));
    const refused = await exportWith(session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fields).toEqual([{ path: "reauthentication", message: expect.any(String) }]);
  });

  it("counts the 15 minutes from the provider's sign-in, not from the call", async () => {
    const email = "fresh.google@example.ca";
    await ssoPost("/api/sso/register", email, emulatorToken(email), { email, role: "lawyer" });
    const login = await ssoPost("/api/sso/login", email, emulatorToken(email, { auth_time: nowSeconds() - 10 * 60 }));
    const session = readSession(login);
    expect((await exportWith(session)).statusCode).toBe(200);
    time.advanceMinutes(6);
    expect((await exportWith(session)).statusCode).toBe(403);
  });

  it("holds for a registration too, and refuses a token without auth_time", async () => {
    const email = "stale.register@example.ca";
    const registered = await ssoPost(
      "/api/sso/register",
      email,
      emulatorToken(email, { auth_time: nowSeconds() - 2 * 3600 }),
      { email, role: "lawyer" },
    );
    expect(registered.statusCode).toBe(200);
    expect((await exportWith(readSession(registered))).statusCode).toBe(403);
    const without = await ssoPost("/api/sso/login", email, emulatorToken(email, { auth_time: undefined }));
    expect(without.statusCode).toBe(401);
    expect(without.headers["set-cookie"]).toBeUndefined();
  });
});
