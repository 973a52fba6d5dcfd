import { defaultMemoOptionSet, type MemoVisibilityFlag, memoVisibilityFlags } from "@precis/contract/memo-options";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { memoOptionSets, users } from "../src/db/schema.ts";
import { createTestClock, readSession, startTestServer, type TestServer, xhrHeaders } from "./harness.ts";

/**
 * The extension's reads are answered from one serialized body per user for less than a second (decisions 009
 * and 011), on both of the server's clocks, which this test moves by hand. Another instance's write is simulated by writing to the database directly:
 * this instance cannot know of it, so only the reuse bound makes it appear.
 */
let server: TestServer;
const time = createTestClock();
beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    elapsedClock: time.elapsed,
    env: { REGISTER_MAX_PER_IP: "1000" },
  });
});
afterAll(() => server.close());

let counter = 0;
async function signUp() {
  counter += 1;
  const email = `reuse${counter}@example.ca`;
  const registered = await server.app.inject({
    method: "POST",
    url: "/api/register",
    headers: xhrHeaders,
    payload: { email, password: "Tribunal2024x" },
  });
  const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error("registration saved no user");
  return { headers: readSession(registered).headers, userId: user.id };
}
const readBody = async (headers: Record<string, string>) =>
  (await server.app.inject({ method: "GET", url: "/api/user-options", headers })).body;
/** A memo-option save; `changes` may be invalid on purpose. */
const save = (headers: Record<string, string>, changes: Record<string, unknown>) =>
  server.app.inject({
    method: "PUT",
    url: "/api/user-options",
    headers: { ...xhrHeaders, ...headers },
    payload: { ...defaultMemoOptionSet, ...changes },
  });
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

describe("reused reads", () => {
  it("are kept through a refused write, which changed nothing", async () => {
    const { headers, userId } = await signUp();
    expect(namesIn(await readBody(headers))).toEqual([defaultMemoOptionSet.name]);
    await saveElsewhere(userId, "Elsewhere");
    const refused = await save(headers, { memoTone: "Shouting" });
    expect(refused.statusCode).toBe(400);
    // Still the reused answer: the refused PUT did not clear it (another instance's save shows within 1 s).
    expect(namesIn(await readBody(headers))).toEqual([defaultMemoOptionSet.name]);
    time.advanceMilliseconds(1000);
    // (A user with no saved set is shown the default; the one saved elsewhere now replaces it.)
    expect(namesIn(await readBody(headers))).toEqual(["Elsewhere"]);
  });

  it("answer the same body for less than a second of the app's clock, and read again at one second", async () => {
    const { headers, userId } = await signUp();
    const first = await readBody(headers);
    await saveElsewhere(userId, "Saved elsewhere");
    time.advanceMilliseconds(400);
    expect(await readBody(headers)).toBe(first);
    time.advanceMilliseconds(600);
    expect(namesIn(await readBody(headers))).toEqual(["Saved elsewhere"]);
  });

  it("are read again in the background past half a second, so the new answer arrives before the old one expires", async () => {
    const { headers, userId } = await signUp();
    const first = await readBody(headers);
    await saveElsewhere(userId, "Saved elsewhere");
    time.advanceMilliseconds(600);
    // This request is answered from the reused body and starts the background read.
    expect(await readBody(headers)).toBe(first);
    // 700 ms in all, short of the one-second expiry: only the background read can bring the change. Both of
    // the server's clocks stand still while the test waits, so a slow machine cannot reach the expiry either.
    time.advanceMilliseconds(100);
    await vi.waitFor(async () => expect(namesIn(await readBody(headers))).toEqual(["Saved elsewhere"]), {
      timeout: 2_000,
    });
  });

  it("show the caller's own write at once, even with a background read in flight that began before it", async () => {
    const { headers } = await signUp();
    await readBody(headers);
    time.advanceMilliseconds(600);
    await readBody(headers);
    const saved = await save(headers, { name: "Mine" });
    expect(saved.statusCode).toBe(200);
    expect(namesIn(await readBody(headers))).toEqual(["Mine"]);
    time.advanceMilliseconds(300);
    expect(namesIn(await readBody(headers))).toEqual(["Mine"]);
  });
});
