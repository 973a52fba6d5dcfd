import { ACCESS_KEY_HEADER } from "@precis/contract/api";
import { defaultMemoOptionSet, type MemoVisibilityFlag, memoVisibilityFlags } from "@precis/contract/memo-options";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memoOptionSets, sessions } from "../src/db/schema/index.ts";
import { createTestClock, xhrHeaders } from "./harness.ts";
import { createAccount } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";

/**
 * No instance keeps a copy of what it read (issue 29): each authenticated read is one statement that checks the
 * session and reads the rows together. A write or a revocation by another instance, simulated here by writing to
 * the database directly, is therefore seen on the very next request.
 */
const time = createTestClock();
const server = useTestServer({ time, isNewDayEachTest: false, env: { REGISTER_MAX_PER_IP: "1000" } });

const readBody = async (headers: Record<string, string>) =>
  (await server.app.inject({ method: "GET", url: "/api/user-options", headers })).body;
const namesIn = (body: string) => JSON.parse(body).options.map((option: { name: string }) => option.name);

/** A set saved by "another instance": straight into the database. */
async function saveElsewhere(userId: number, name: string) {
  const set = defaultMemoOptionSet;
  const visibility = Object.fromEntries(memoVisibilityFlags.map((flag) => [flag, set[flag]])) as Record<
    MemoVisibilityFlag,
    boolean
  >;
  await server.database.db.insert(memoOptionSets).values({
    userId,
    name,
    memoSummary: set.memoSummary,
    memoFactsLength: set.memoFactsLength,
    memoFactsPresentation: set.memoFactsPresentation,
    memoTone: set.memoTone,
    memoLang: set.memoLang,
    visibility,
    memoOrdering: set.memoOrdering,
    createdAt: time.clock(),
    updatedAt: time.clock(),
  });
}

describe("authenticated reads", () => {
  it("show a set saved elsewhere on the next request", async () => {
    const {
      session: { headers },
      userId,
    } = await createAccount(server, { label: "reuse" });
    expect(namesIn(await readBody(headers))).toEqual([defaultMemoOptionSet.name]);
    await saveElsewhere(userId, "Elsewhere");
    // (A user with no saved set is shown the default; the one saved elsewhere now replaces it.)
    expect(namesIn(await readBody(headers))).toEqual(["Elsewhere"]);
  });

  it("refuse a session revoked elsewhere on the next request, on every read", async () => {
    const {
      session: { headers },
      userId,
    } = await createAccount(server, { label: "reuse" });
    expect((await server.app.inject({ method: "GET", url: "/api/entitlement", headers })).statusCode).toBe(200);
    await server.database.db.update(sessions).set({ revokedAt: time.clock() }).where(eq(sessions.userId, userId));
    const statuses = await Promise.all(
      ["/api/user-options", "/api/entitlement", "/api/sessions"].map(
        async (url) => (await server.app.inject({ method: "GET", url, headers })).statusCode,
      ),
    );
    const memo = await server.app.inject({
      method: "POST",
      url: "/api/memo-usage",
      headers: { ...xhrHeaders, ...headers },
    });
    expect([...statuses, memo.statusCode]).toEqual([401, 401, 401, 401]);
    const details = await server.app.inject({ method: "GET", url: "/api/user-details", headers });
    expect(details.json()).toEqual({ userProfile: null });
  });

  it("refuse the cookie with another session's access key, or with none", async () => {
    const { session: mine } = await createAccount(server, { label: "reuse" });
    const { session: theirs } = await createAccount(server, { label: "reuse" });
    const mixed = { ...mine.headers, [ACCESS_KEY_HEADER]: theirs.headers[ACCESS_KEY_HEADER] as string };
    const { [ACCESS_KEY_HEADER]: _omitted, ...cookieOnly } = mine.headers;
    for (const headers of [mixed, cookieOnly]) {
      for (const url of ["/api/user-options", "/api/entitlement"]) {
        expect((await server.app.inject({ method: "GET", url, headers })).statusCode).toBe(401);
      }
      expect((await server.app.inject({ method: "GET", url: "/api/user-details", headers })).json()).toEqual({
        userProfile: null,
      });
    }
  });

  it("slide the idle expiry of a session in use, at most once an hour, and refuse one idle too long", async () => {
    const {
      session: { headers },
      userId,
    } = await createAccount(server, { label: "reuse" });
    const lastUsed = async () =>
      (
        await server.database.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.userId, userId))
      )[0]?.at;
    const opened = await lastUsed();
    time.advanceMilliseconds(30 * 60 * 1000);
    await readBody(headers);
    expect(await lastUsed()).toEqual(opened);
    time.advanceMilliseconds(31 * 60 * 1000);
    await server.app.inject({ method: "GET", url: "/api/entitlement", headers });
    expect(await lastUsed()).toEqual(time.clock());
    time.advanceMilliseconds(400 * 24 * 60 * 60 * 1000);
    expect((await server.app.inject({ method: "GET", url: "/api/user-options", headers })).statusCode).toBe(401);
  });
});
