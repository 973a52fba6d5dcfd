import { defaultMemoOptionSet } from "@precis/contract/memo-options";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { docsFeedback, memoOptionSets, users } from "../src/db/schema/index.ts";
import { createTestClock, readSession, xhrHeaders } from "./harness.ts";
import {
  createAccount,
  isSignedIn as isSignedInAs,
  postRegistration,
  registerAccount,
  type Session,
  TEST_PASSWORD,
} from "./support/accounts.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";

/** Issue 31: what real attack tools found, each with the test that would have caught it. */
const time = createTestClock();
const server = useTestServer({ time, env: { REGISTER_MAX_PER_IP: "1000" } });

async function rowCounts() {
  const db = server.database.db;
  const [[u], [m], [d]] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(memoOptionSets),
    db.select({ value: count() }).from(docsFeedback),
  ]);
  return [u?.value, m?.value, d?.value];
}

const hostileCharacters = {
  NUL: "Ma\u0000rie",
  "a line break": "Marie\r\nBcc: victim@example.ca",
  "another control character": "Marie\u001b[31m",
  "a lone surrogate": "Marie\uD800",
  "a direction override": "Marie\u202Egnp.exe",
  "a direction isolate": "Marie\u2066x",
};

describe("text fields refuse control characters, lone surrogates and direction overrides", () => {
  for (const [label, text] of Object.entries(hostileCharacters)) {
    it(`with ${label}: a precise 400 on every text field, and nothing written`, async () => {
      const { session, email } = await createAccount(server, { label: "hardened" });
      const before = await rowCounts();
      const attempts = [
        ...["firstName", "lastName", "organization", "areaOfLaw"].map((field) => ({
          method: "POST" as const,
          url: "/api/register",
          payload: { email: `${field}.${email}`, password: TEST_PASSWORD, [field]: text },
          field,
        })),
        ...["firstName", "lastName", "organization", "areaOfLaw"].map((field) => ({
          method: "PATCH" as const,
          url: "/api/user-details",
          payload: { [field]: text },
          field,
        })),
        {
          method: "PUT" as const,
          url: "/api/user-options",
          payload: { ...defaultMemoOptionSet, id: -1, name: text },
          field: "name",
        },
      ];
      for (const attempt of attempts) {
        const response = await server.app.inject({
          method: attempt.method,
          url: attempt.url,
          headers: { ...xhrHeaders, ...session.headers },
          payload: attempt.payload,
        });
        expect(response.statusCode, `${attempt.method} ${attempt.url} ${attempt.field}`).toBe(400);
        expect(JSON.stringify(response.json().fields)).toContain(attempt.field);
      }
      expect(await rowCounts()).toEqual(before);
    });
  }

  it("keeps line breaks in a documentation comment, and refuses the rest there too", async () => {
    const post = (comment: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/docs-feedback",
        headers: xhrHeaders,
        payload: { page: "overview", helpful: false, comment },
      });
    expect((await post("First line\nsecond line")).statusCode).toBe(201);
    for (const text of [
      hostileCharacters.NUL,
      hostileCharacters["a lone surrogate"],
      hostileCharacters["a direction override"],
    ]) {
      expect((await post(text)).statusCode).toBe(400);
    }
  });

  it("stores names in their composed form, so one name typed two ways is one name", async () => {
    const { session } = await createAccount(server, { label: "hardened" });
    const decomposed = "Ame\u0301lie";
    const response = await server.app.inject({
      method: "PATCH",
      url: "/api/user-details",
      headers: { ...xhrHeaders, ...session.headers },
      payload: { firstName: decomposed },
    });
    expect(response.json().userProfile.firstName).toBe("Am\u00e9lie");
  });
});

describe("error answers", () => {
  it("name the first few problems only, each with its path, however many the body has", async () => {
    const { session } = await createAccount(server, { label: "hardened" });
    // Every flag and choice wrong, and a huge ordering: many problems in a few kilobytes.
    const invalid = Object.fromEntries(Object.keys(defaultMemoOptionSet).map((key) => [key, { wrong: [1, 2, 3] }]));
    const payload = { ...invalid, memoOrdering: Array.from({ length: 200 }, () => ({ id: 7, children: "x" })) };
    const body = JSON.stringify(payload);
    const response = await server.app.inject({
      method: "PUT",
      url: "/api/user-options",
      headers: { ...xhrHeaders, ...session.headers, "content-type": "application/json" },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.fields).toHaveLength(5);
    expect(answer.message).toMatch(/^Invalid request: check .+ \(and \d+ more\)\.$/);
    expect(response.body.length).toBeLessThan(2000);
    expect(response.body.length).toBeLessThan(body.length);
  });
});

describe("logout", () => {
  const logout = (headers: Record<string, string>) => server.app.inject({ method: "GET", url: "/api/logout", headers });
  const isSignedIn = (session: Session) => isSignedInAs(server, session);

  it("is refused to a cross-site request carrying only the cookie, which then keeps its session", async () => {
    const { session } = await createAccount(server, { label: "hardened" });
    const forged = await logout({ cookie: session.cookie });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers["set-cookie"]).toBeUndefined();
    const withoutKey = await logout({ ...xhrHeaders, cookie: session.cookie });
    expect(withoutKey.statusCode).toBe(401);
    expect(withoutKey.headers["set-cookie"]).toBeUndefined();
    expect(await isSignedIn(session)).toBe(true);
  });

  it("ends the session on the server whenever it clears the cookie", async () => {
    const { session } = await createAccount(server, { label: "hardened" });
    const response = await logout({ ...xhrHeaders, ...session.headers });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["set-cookie"])).toMatch(/precis_session=;/);
    expect(await isSignedIn(session)).toBe(false);
    // Nothing to end: still a success, and nothing cleared.
    const again = await logout(xhrHeaders);
    expect(again.json()).toEqual({ Status: "Success" });
  });
});

describe("the cross-site guard", () => {
  const patchFrom = (headers: Record<string, string>, session: Session) =>
    server.app.inject({
      method: "PATCH",
      url: "/api/user-details",
      headers: { ...xhrHeaders, ...session.headers, ...headers },
      payload: { organization: "Changed" },
    });

  it("compares the Origin with PUBLIC_URL and CORS_ORIGINS, never with the Host the caller sends", async () => {
    const { session } = await createAccount(server, { label: "hardened" });
    const spoofed = await patchFrom({ host: "evil.example", origin: "http://evil.example" }, session);
    expect(spoofed.statusCode).toBe(403);
    expect((await patchFrom({ origin: "http://localhost:8081" }, session)).statusCode).toBe(200);
    // PUBLIC_URL on loopback is the same site under each loopback name, and on no other port.
    expect((await patchFrom({ origin: "http://127.0.0.1:8081" }, session)).statusCode).toBe(200);
    expect((await patchFrom({ origin: "http://127.0.0.1:9999" }, session)).statusCode).toBe(403);
  });
});

describe("the mail log", () => {
  it("names the outbox id, never the recipient", async () => {
    const { mkdtemp, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dataDir = await mkdtemp(path.join(tmpdir(), "precis-mail-"));
    try {
      await withTestServer({ env: { DATA_DIR: dataDir } }, async (filing) => {
        const email = "private.person@example.ca";
        await registerAccount(filing, email);
        expect(await filing.app.mailWorker.runOnce()).toBe(2);
        const log = filing.logs.text();
        expect(log).toContain("email written to a file");
        expect(log).toMatch(/"messageId":"<outbox-\d+@precis>"/);
        expect(log).not.toContain(email);
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("usernames", () => {
  const registerNamed = (name: string, email: string) =>
    postRegistration(server, { email, name, password: TEST_PASSWORD });

  it("are unique by how they look: a Cyrillic а does not make a second alice", async () => {
    expect((await registerNamed("alice", "alice.latin@example.ca")).statusCode).toBe(200);
    for (const [lookAlike, email] of [
      ["\u0430lice", "alice.cyrillic@example.ca"],
      ["ALICE", "alice.upper@example.ca"],
      ["a\u217Cice", "alice.roman@example.ca"],
    ] as const) {
      const response = await registerNamed(lookAlike, email);
      expect(response.statusCode, lookAlike).toBe(409);
      expect(response.json().Error).toBe("usernameExists");
    }
    expect((await registerNamed("alicia", "alicia@example.ca")).statusCode).toBe(200);
  });

  it("derived from an email skip the look-alikes of names already taken", async () => {
    expect((await registerNamed("mary", "mary.first@example.ca")).statusCode).toBe(200);
    const derived = await postRegistration(server, { email: "rnary@example.ca", password: TEST_PASSWORD });
    expect(derived.statusCode).toBe(200);
    const profile = (
      await server.app.inject({ method: "GET", url: "/api/user-details", headers: readSession(derived).headers })
    ).json().userProfile;
    expect(profile.name).toBe("rnary2");
  });

  it("of accounts older than the check get their look at start-up, and the first of two look-alikes keeps it", async () => {
    const { openTestDatabase } = await import("./harness.ts");
    const { fillMissingUsernameSkeletons } = await import("../src/modules/auth/username-skeleton.ts");
    const database = await openTestDatabase();
    try {
      await database.db.insert(users).values([
        { email: "old1@example.ca", username: "bob" },
        { email: "old2@example.ca", username: "b\u043Eb" },
        { email: "old3@example.ca", username: "carol" },
      ]);
      await fillMissingUsernameSkeletons(database.db);
      await fillMissingUsernameSkeletons(database.db);
      const rows = await database.db.select({ username: users.username, skeleton: users.usernameSkeleton }).from(users);
      expect(rows.sort((a, b) => a.username.localeCompare(b.username))).toEqual([
        { username: "bob", skeleton: "bob" },
        { username: "b\u043Eb", skeleton: null },
        { username: "carol", skeleton: "carol" },
      ]);
    } finally {
      await database.close();
    }
  });
});
