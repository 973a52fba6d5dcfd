import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../src/db/schema/index.ts";
import { createTestClock, readSession, xhrHeaders } from "./harness.ts";
import { registerAccount, type Session } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";

/** Issue 30: a signed-in portal page hands the extension a session of its own, by a single-use code. */
const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
const OTHER_EXTENSION_ID = "ponmlkjihgfedcbaponmlkjihgfedcba";
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
const time = createTestClock();
const server = useTestServer({ time, env: { EXTENSION_IDS: EXTENSION_ID } });

let counter = 0;
const registerOnPortal = async () =>
  (await registerAccount(server, `handoff${++counter}@example.ca`, { details: { role: "law student" } })).session;
const askForCode = (portal: Session, payload: object = {}) =>
  server.app.inject({
    method: "POST",
    url: "/api/extension/handoff",
    headers: { ...xhrHeaders, ...portal.headers, origin: "http://localhost:8081" },
    payload,
  });
const exchange = (code: string, origin: string | null = EXTENSION_ORIGIN) =>
  server.app.inject({
    method: "POST",
    url: "/api/extension/session",
    headers: { ...xhrHeaders, ...(origin ? { origin } : {}) },
    payload: { code },
  });
/** What the extension sends: its bearer token and access key, no cookie. */
const asExtension = (body: { sessionToken: string; accessKey: string }) => ({
  authorization: `Bearer ${body.sessionToken}`,
  "x-access-key": body.accessKey,
  origin: EXTENSION_ORIGIN,
});
const profileOf = async (headers: Record<string, string>) =>
  (await server.app.inject({ method: "GET", url: "/api/user-details", headers })).json().userProfile;
async function handOff(portal: Session, payload: object = {}) {
  const { code } = (await askForCode(portal, payload)).json();
  const response = await exchange(code);
  expect(response.statusCode).toBe(200);
  return response.json() as { sessionToken: string; accessKey: string; Role: string };
}
const exportData = (headers: Record<string, string>) =>
  server.app.inject({ method: "GET", url: "/api/account/export", headers });
const authenticatedAtOf = async (sessionId: number) => {
  const [row] = await server.database.db
    .select({ authenticatedAt: sessions.authenticatedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.authenticatedAt;
};
const sessionIds = async (portal: Session) => {
  const listed = (await server.app.inject({ method: "GET", url: "/api/sessions", headers: portal.headers })).json();
  const ids = (isExtension: boolean) =>
    listed.sessions
      .filter((session: { isExtension: boolean }) => session.isExtension === isExtension)
      .map((session: { id: number }) => session.id);
  return { portal: ids(false)[0] as number, extensions: ids(true) as number[] };
};
const logOut = (headers: Record<string, string>) =>
  server.app.inject({ method: "GET", url: "/api/logout", headers: { ...xhrHeaders, ...headers } });

describe("the extension handoff", () => {
  it("gives the extension a session of its own, listed as the extension's, and sets no cookie", async () => {
    const portal = await registerOnPortal();
    const asked = await askForCode(portal);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ code: expect.stringMatching(/^[\w-]{43}$/), expiresInSeconds: 60 });
    const exchanged = await exchange(asked.json().code);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json()).toEqual({
      Status: "Success",
      Role: "law student",
      sessionToken: expect.any(String),
      accessKey: expect.any(String),
    });
    expect(exchanged.headers["set-cookie"]).toBeUndefined();
    const extension = asExtension(exchanged.json());
    expect((await profileOf(extension)).email).toBe(`handoff${counter}@example.ca`);
    // The token alone, or with the portal's key, is nothing.
    expect(await profileOf({ authorization: extension.authorization })).toBeNull();
    expect(await profileOf({ authorization: extension.authorization, "x-access-key": portal.accessKey })).toBeNull();
    const listed = (await server.app.inject({ method: "GET", url: "/api/sessions", headers: portal.headers })).json();
    expect(listed.sessions.map((session: { isExtension: boolean }) => session.isExtension).sort()).toEqual([
      false,
      true,
    ]);
  });

  it("takes a code once, for a minute, and only from an allowed extension", async () => {
    const portal = await registerOnPortal();
    const { code } = (await askForCode(portal)).json();
    for (const origin of [
      null,
      "http://localhost:8081",
      "https://evil.example",
      `chrome-extension://${OTHER_EXTENSION_ID}`,
    ]) {
      const refused = await exchange(code, origin);
      expect(refused.statusCode).toBe(403);
    }
    // Refusing a caller spends nothing: the allowed extension still gets it, once.
    expect((await exchange(code)).statusCode).toBe(200);
    const reused = await exchange(code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().fields).toEqual([{ path: "code", message: "has expired or was used" }]);

    const late = (await askForCode(portal)).json().code;
    time.advanceMilliseconds(61_000);
    expect((await exchange(late)).statusCode).toBe(401);
    expect((await exchange("not-a-code")).statusCode).toBe(401);
    expect((await exchange("")).statusCode).toBe(400);
  });

  it("is asked for by a signed-in portal page only", async () => {
    const portal = await registerOnPortal();
    expect(
      (await server.app.inject({ method: "POST", url: "/api/extension/handoff", headers: xhrHeaders, payload: {} }))
        .statusCode,
    ).toBe(401);
    const extension = asExtension(await handOff(portal));
    const fromExtension = await server.app.inject({
      method: "POST",
      url: "/api/extension/handoff",
      headers: { ...xhrHeaders, ...extension },
      payload: {},
    });
    expect(fromExtension.statusCode).toBe(403);
    expect((await askForCode(portal, { keepSignedIn: "yes" })).statusCode).toBe(400);
  });

  it("is void once the portal session that asked for it has logged out", async () => {
    const portal = await registerOnPortal();
    const { code } = (await askForCode(portal)).json();
    expect((await logOut(portal.headers)).statusCode).toBe(200);
    expect((await exchange(code)).statusCode).toBe(401);
  });
});

describe("the extension's proof of identity (issue 42)", () => {
  it("is the portal session's, never fresher, and is not recent until confirmed in the extension itself", async () => {
    const portal = await registerOnPortal();
    time.advanceMinutes(10);
    const extension = asExtension(await handOff(portal));
    const ids = await sessionIds(portal);
    expect(await authenticatedAtOf(ids.extensions[0] as number)).toEqual(await authenticatedAtOf(ids.portal));
    // The portal's sign-in is 10 minutes old and recent there; the bearer session proved nothing itself.
    expect((await exportData(portal.headers)).statusCode).toBe(200);
    const refused = await exportData(extension);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fields).toEqual([{ path: "reauthentication", message: expect.any(String) }]);

    time.advanceMinutes(1);
    const confirmed = await server.app.inject({
      method: "POST",
      url: "/api/reauthenticate",
      headers: { ...xhrHeaders, ...extension },
      payload: { password: "Tribunal2024x" },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await exportData(extension)).statusCode).toBe(200);
  });

  it("keeps the extension signed in beyond the portal only when the portal's sign-in is recent", async () => {
    // A stolen session days old asks to keep the extension signed in: the handoff works, linked to it.
    const stolen = await registerOnPortal();
    time.advanceDays(3);
    const linked = asExtension(await handOff(stolen, { keepSignedIn: true }));
    expect((await exportData(linked)).statusCode).toBe(403);
    expect((await logOut(stolen.headers)).statusCode).toBe(200);
    expect(await profileOf(linked)).toBeNull();

    const fresh = await registerOnPortal();
    time.advanceMinutes(10);
    const kept = asExtension(await handOff(fresh, { keepSignedIn: true }));
    expect((await logOut(fresh.headers)).statusCode).toBe(200);
    expect(await profileOf(kept)).not.toBeNull();
  });
});

describe("logging out", () => {
  it("of the portal signs the extension out, and of the extension signs the portal out", async () => {
    const portal = await registerOnPortal();
    const extension = asExtension(await handOff(portal));
    expect((await logOut(portal.headers)).statusCode).toBe(200);
    expect(await profileOf(extension)).toBeNull();

    const again = readSession(
      await server.app.inject({
        method: "POST",
        url: "/api/login",
        headers: {
          ...xhrHeaders,
          authorization: `Basic ${Buffer.from(`handoff${counter}@example.ca:Tribunal2024x`).toString("base64")}`,
        },
      }),
    );
    const secondExtension = asExtension(await handOff(again));
    const loggedOut = await logOut(secondExtension);
    expect(loggedOut.statusCode).toBe(200);
    // The extension's logout clears no cookie: the browser's cookie is the portal's.
    expect(loggedOut.headers["set-cookie"]).toBeUndefined();
    expect(await profileOf(again.headers)).toBeNull();
  });

  it("of either leaves the other signed in when the person chose to keep the extension signed in", async () => {
    const portal = await registerOnPortal();
    const kept = asExtension(await handOff(portal, { keepSignedIn: true }));
    const linked = asExtension(await handOff(portal));
    expect((await logOut(portal.headers)).statusCode).toBe(200);
    expect(await profileOf(kept)).not.toBeNull();
    expect(await profileOf(linked)).toBeNull();
    expect((await logOut(kept)).statusCode).toBe(200);
    expect(await profileOf(kept)).toBeNull();
  });

  it("of the portal from its Security tab signs the extension out too, as logging out does (issue 42)", async () => {
    const portal = await registerOnPortal();
    const linked = asExtension(await handOff(portal));
    const { sessions } = (
      await server.app.inject({ method: "GET", url: "/api/sessions", headers: portal.headers })
    ).json();
    const portalSession = sessions.find((session: { isCurrent: boolean }) => session.isCurrent);
    const revoked = await server.app.inject({
      method: "DELETE",
      url: `/api/sessions/${portalSession.id}`,
      headers: { ...xhrHeaders, ...portal.headers },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await profileOf(portal.headers)).toBeNull();
    expect(await profileOf(linked)).toBeNull();
  });

  it("the extension's session can be signed out on its own from the portal's Security tab", async () => {
    const portal = await registerOnPortal();
    const extension = asExtension(await handOff(portal));
    const { sessions } = (
      await server.app.inject({ method: "GET", url: "/api/sessions", headers: portal.headers })
    ).json();
    const extensionSession = sessions.find((session: { isExtension: boolean }) => session.isExtension);
    const revoked = await server.app.inject({
      method: "DELETE",
      url: `/api/sessions/${extensionSession.id}`,
      headers: { ...xhrHeaders, ...portal.headers },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await profileOf(extension)).toBeNull();
    expect(await profileOf(portal.headers)).not.toBeNull();
  });
});
