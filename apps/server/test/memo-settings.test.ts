import {
  defaultMemoOptionSet,
  type MemoOptionSet,
  type MemoOrderingNode,
  memoFactsLengthValues,
  memoFactsPresentationValues,
  memoLangValues,
  memoSummaryValues,
  memoToneValues,
  memoVisibilityFlags,
} from "@precis/contract/memo-options";
import { topicsOfInterest } from "@precis/contract/profile";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoOptionSets, users } from "../src/db/schema.ts";
import { MAX_OPTION_SETS_PER_USER } from "../src/modules/memo-settings/service.ts";
import { readSession, startTestServer, type TestServer, xhrHeaders } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { REGISTER_MAX_PER_IP: "1000" } });
});
afterAll(() => server.close());

let counter = 0;
async function signUp() {
  counter += 1;
  const response = await server.app.inject({
    method: "POST",
    url: "/api/register",
    headers: xhrHeaders,
    payload: { email: `memo${counter}@example.ca`, password: "Tribunal2024x" },
  });
  return readSession(response).headers;
}
function readOptions(headers: Record<string, string>) {
  return server.app.inject({ method: "GET", url: "/api/user-options", headers });
}
function saveOptions(headers: Record<string, string>, payload: unknown) {
  return server.app.inject({
    method: "PUT",
    url: "/api/user-options",
    headers: { ...xhrHeaders, ...headers },
    payload: payload as object,
  });
}
async function countSets() {
  const [row] = await server.database.db.select({ value: count() }).from(memoOptionSets);
  return row?.value ?? 0;
}

const reordered: MemoOptionSet = {
  ...defaultMemoOptionSet,
  name: "For my supervisor",
  memoSummary: "Short",
  memoFactsPresentation: "Paragraph",
  memoTone: "Supervisor",
  memoLang: "French",
  memoArgumentsVisible: false,
  memoCaseJudgesVisible: false,
  memoOrdering: [
    { id: "issues", children: [{ id: "outcome" }, { id: "ratio" }, { id: "analysis" }] },
    { id: "summary" },
    {
      id: "case",
      children: [
        { id: "court" },
        { id: "citation" },
        { id: "plaintiff" },
        { id: "defendant" },
        { id: "judges" },
        { id: "decision_date" },
      ],
    },
    { id: "facts" },
    { id: "arguments" },
  ],
};

describe("memo option sets", () => {
  it("start as SPEC's default set for a new account", async () => {
    const response = await readOptions(await signUp());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ options: [defaultMemoOptionSet], selectedOptionId: -1 });
  });

  it("save a whole set, select it, and read it back identical", async () => {
    const headers = await signUp();
    const saved = await saveOptions(headers, { ...reordered, id: -1 });
    expect(saved.statusCode).toBe(200);
    const { updatedOptionId, options } = saved.json();
    expect(updatedOptionId).toBeGreaterThan(0);
    expect(options).toEqual([{ ...reordered, id: updatedOptionId }]);

    const read = (await readOptions(headers)).json();
    expect(read).toEqual({ options: [{ ...reordered, id: updatedOptionId }], selectedOptionId: updatedOptionId });

    const changed = await saveOptions(headers, { ...reordered, id: updatedOptionId, memoTone: "Client" });
    expect(changed.json().updatedOptionId).toBe(updatedOptionId);
    expect((await readOptions(headers)).json().options[0].memoTone).toBe("Client");
  });

  it("read back identical whatever the choices, flags and sibling order", async () => {
    const headers = await signUp();
    const shuffled = <T>(items: readonly T[]) => fc.shuffledSubarray([...items], { minLength: items.length });
    const orderingArbitrary = fc
      .tuple(
        shuffled(defaultMemoOptionSet.memoOrdering.map((node) => node.id)),
        shuffled(defaultMemoOptionSet.memoOrdering[0]?.children ?? []),
        shuffled(defaultMemoOptionSet.memoOrdering[4]?.children ?? []),
      )
      .map(([top, caseChildren, issueChildren]) =>
        top.map((id): MemoOrderingNode => {
          if (id === "case") return { id, children: caseChildren };
          if (id === "issues") return { id, children: issueChildren };
          return { id };
        }),
      );
    const setArbitrary = fc.record({
      name: fc.string({ minLength: 1, maxLength: 100 }).filter((name) => name.trim() === name && name.length > 0),
      memoSummary: fc.constantFrom(...memoSummaryValues),
      memoFactsLength: fc.constantFrom(...memoFactsLengthValues),
      memoFactsPresentation: fc.constantFrom(...memoFactsPresentationValues),
      memoTone: fc.constantFrom(...memoToneValues),
      memoLang: fc.constantFrom(...memoLangValues),
      flags: fc.array(fc.boolean(), { minLength: memoVisibilityFlags.length, maxLength: memoVisibilityFlags.length }),
      memoOrdering: orderingArbitrary,
    });
    let id = -1;
    await fc.assert(
      fc.asyncProperty(setArbitrary, async ({ flags, ...choices }) => {
        const set: MemoOptionSet = {
          ...defaultMemoOptionSet,
          ...choices,
          ...Object.fromEntries(memoVisibilityFlags.map((flag, index) => [flag, flags[index]])),
          id,
        };
        const saved = await saveOptions(headers, set);
        expect(saved.statusCode).toBe(200);
        id = saved.json().updatedOptionId;
        const read = (await readOptions(headers)).json();
        expect(read.selectedOptionId).toBe(id);
        expect(read.options).toEqual([{ ...set, id }]);
      }),
      { numRuns: 25 },
    );
  });

  it("answer a save of one set with every set of the user, the saved one first", async () => {
    const headers = await signUp();
    const first = (await saveOptions(headers, { ...reordered, id: -1, name: "First" })).json().updatedOptionId;
    const second = (await saveOptions(headers, { ...reordered, id: -1, name: "Second" })).json().updatedOptionId;
    const saved = await saveOptions(headers, { ...reordered, id: first, name: "First, again" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      options: [
        { ...reordered, id: first, name: "First, again" },
        { ...reordered, id: second, name: "Second" },
      ],
      updatedOptionId: first,
    });
    expect((await readOptions(headers)).json()).toEqual({
      options: saved.json().options,
      selectedOptionId: first,
    });
  });

  it("leave a saved set exactly as it was when a save of it is refused", async () => {
    const headers = await signUp();
    const id = (await saveOptions(headers, { ...reordered, id: -1 })).json().updatedOptionId;
    const rowOf = async () =>
      (await server.database.db.select().from(memoOptionSets).where(eq(memoOptionSets.id, id)))[0];
    const before = await rowOf();
    const refused = await saveOptions(headers, { ...reordered, id, name: "Changed", memoTone: "Casual" });
    expect(refused.statusCode).toBe(400);
    expect(await rowOf()).toEqual(before);
  });

  it("keep at most 20 sets per user, even when creations arrive together", async () => {
    const headers = await signUp();
    const [user] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `memo${counter}@example.ca`));
    const storedSets = async () =>
      (
        await server.database.db
          .select({ value: count() })
          .from(memoOptionSets)
          .where(eq(memoOptionSets.userId, user?.id ?? 0))
      )[0]?.value;
    while (((await storedSets()) ?? 0) < MAX_OPTION_SETS_PER_USER - 1) {
      expect((await saveOptions(headers, { ...defaultMemoOptionSet, id: -1 })).statusCode).toBe(200);
    }
    // On PostgreSQL these run on separate connections: each counts before any of the others inserts
    // unless the creations of one user take turns.
    const creations = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        saveOptions(headers, { ...defaultMemoOptionSet, id: -1, name: `Racing ${index}` }),
      ),
    );
    expect(creations.map((response) => response.statusCode).sort((a, b) => a - b)).toEqual([
      200, 409, 409, 409, 409, 409,
    ]);
    expect(creations.find((response) => response.statusCode === 409)?.json().message).toBe(
      "You can keep at most 20 option sets.",
    );
    expect(await storedSets()).toBe(MAX_OPTION_SETS_PER_USER);
  });

  it("needs a session", async () => {
    expect((await readOptions({})).statusCode).toBe(401);
    expect((await saveOptions({}, defaultMemoOptionSet)).statusCode).toBe(401);
  });

  it("never lets one user touch another's set", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const { updatedOptionId } = (await saveOptions(owner, defaultMemoOptionSet)).json();
    const attempt = await saveOptions(intruder, { ...defaultMemoOptionSet, id: updatedOptionId, memoTone: "Client" });
    expect(attempt.statusCode).toBe(404);
    expect((await readOptions(owner)).json().options[0].memoTone).toBe("Personal");
  });

  const withOrdering = (memoOrdering: unknown) => ({ ...defaultMemoOptionSet, memoOrdering });
  const caseChildren = defaultMemoOptionSet.memoOrdering[0]?.children ?? [];
  const issuesNode = defaultMemoOptionSet.memoOrdering[4];
  const { memoCaseVisible: _dropped, ...withoutAFlag } = defaultMemoOptionSet;

  it.each([
    ["an unknown summary length", { ...defaultMemoOptionSet, memoSummary: "Huge" }, "memoSummary"],
    ["an unknown tone", { ...defaultMemoOptionSet, memoTone: "Casual" }, "memoTone"],
    ["an unknown facts length", { ...defaultMemoOptionSet, memoFactsLength: "Medium" }, "memoFactsLength"],
    [
      "an unknown facts presentation",
      { ...defaultMemoOptionSet, memoFactsPresentation: "Table" },
      "memoFactsPresentation",
    ],
    ["an unknown language", { ...defaultMemoOptionSet, memoLang: "German" }, "memoLang"],
    ["a lower-case choice", { ...defaultMemoOptionSet, memoLang: "english" }, "memoLang"],
    ["a missing choice", { ...defaultMemoOptionSet, memoTone: undefined }, "memoTone"],
    ["an id that is not a whole number", { ...defaultMemoOptionSet, id: 1.5 }, "id"],
    [
      "a visibility flag that is not a boolean",
      { ...defaultMemoOptionSet, memoFactsVisible: "yes" },
      "memoFactsVisible",
    ],
    ["a missing visibility flag", withoutAFlag, "memoCaseVisible"],
    ["an unknown field", { ...defaultMemoOptionSet, memoColour: "blue" }, "body.memoColour"],
    ["an empty name", { ...defaultMemoOptionSet, name: " " }, "name"],
    ["an unknown section", withOrdering([...defaultMemoOptionSet.memoOrdering, { id: "appendix" }]), "memoOrdering"],
    [
      "a section listed twice",
      withOrdering([...defaultMemoOptionSet.memoOrdering.slice(0, 4), { id: "summary" }]),
      "memoOrdering",
    ],
    ["a missing section", withOrdering(defaultMemoOptionSet.memoOrdering.slice(0, 4)), "memoOrdering"],
    [
      "a child moved to another parent",
      withOrdering([
        { id: "case", children: [...caseChildren, { id: "ratio" }] },
        ...defaultMemoOptionSet.memoOrdering.slice(1, 4),
        { id: "issues", children: [{ id: "analysis" }, { id: "outcome" }] },
      ]),
      "memoOrdering",
    ],
    [
      "a child moved to the top level",
      withOrdering([
        ...defaultMemoOptionSet.memoOrdering.slice(0, 4),
        { id: "issues", children: [{ id: "analysis" }, { id: "outcome" }] },
        { id: "ratio" },
      ]),
      "memoOrdering",
    ],
    [
      "a top-level section moved under another",
      withOrdering([
        { id: "case", children: [...caseChildren, { id: "summary" }] },
        ...defaultMemoOptionSet.memoOrdering.slice(2),
      ]),
      "memoOrdering",
    ],
    [
      "children under a leaf",
      withOrdering([
        ...defaultMemoOptionSet.memoOrdering.slice(0, 4),
        { id: "issues", children: [{ id: "ratio", children: [{ id: "analysis" }] }, { id: "outcome" }] },
      ]),
      "memoOrdering",
    ],
    ["an ordering that is not a list", withOrdering({ id: "case" }), "memoOrdering"],
  ])("refuse %s with 400 naming the field, and save nothing", async (_label, payload, field) => {
    expect(issuesNode?.id).toBe("issues");
    const headers = await signUp();
    const before = await countSets();
    const response = await saveOptions(headers, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.fields.map((item: { path: string }) => item.path).join(" ")).toContain(field);
    expect(await countSets()).toBe(before);
  });
});

describe("profile updates", () => {
  function patch(headers: Record<string, string>, payload: unknown) {
    return server.app.inject({
      method: "PATCH",
      url: "/api/user-details",
      headers: { ...xhrHeaders, ...headers },
      payload: payload as object,
    });
  }

  it("save the editable fields and read them back", async () => {
    const headers = await signUp();
    const changes = {
      firstName: "Marie",
      lastName: "Tremblay",
      organization: "Cabinet Tremblay",
      areaOfLaw: "Labour Law, Administrative Law",
      occupation: "law student",
      topicsOfInterest: ["Labour and Employment", "Judicial Review"],
    };
    const response = await patch(headers, changes);
    expect(response.statusCode).toBe(200);
    const profile = (await server.app.inject({ method: "GET", url: "/api/user-details", headers })).json().userProfile;
    expect(profile).toMatchObject(changes);
    expect((await patch(headers, { topicsOfInterest: [...topicsOfInterest] })).statusCode).toBe(200);
  });

  it("need a session: 401 and nothing written", async () => {
    const before = await server.database.db.select().from(users);
    const response = await patch({}, { firstName: "Intruder" });
    expect(response.statusCode).toBe(401);
    expect(await server.database.db.select().from(users)).toEqual(before);
  });

  it.each([
    ["an unknown topic", { topicsOfInterest: ["Cooking"] }, "topicsOfInterest"],
    ["a duplicated topic", { topicsOfInterest: ["Appeal", "Appeal"] }, "topicsOfInterest"],
    ["an unknown occupation", { occupation: "judge" }, "occupation"],
    ["a change of the read-only email", { email: "new@example.ca" }, "email"],
    ["a change of the read-only username", { username: "newname" }, "username"],
    ["a topic given as text", { topicsOfInterest: "Appeal" }, "topicsOfInterest"],
    ["more topics than there are", { topicsOfInterest: [...topicsOfInterest, "Appeal"] }, "topicsOfInterest"],
    ["an over-long area of law", { areaOfLaw: "x".repeat(501) }, "areaOfLaw"],
    ["an over-long organization", { organization: "x".repeat(201) }, "organization"],
    ["a wrong type", { firstName: 42 }, "firstName"],
  ])("refuse %s with 400 and write nothing", async (_label, payload, field) => {
    const headers = await signUp();
    const before = await server.database.db.select().from(users);
    const response = await patch(headers, { firstName: "Changed", ...payload });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().fields)).toContain(field);
    expect(await server.database.db.select().from(users)).toEqual(before);
  });

  it("accept SPEC's whole body, the unchanged username and email included, and say how email is changed", async () => {
    const headers = await signUp();
    const { userProfile } = (await server.app.inject({ method: "GET", url: "/api/user-details", headers })).json();
    const whole = { username: userProfile.name, email: userProfile.email.toUpperCase(), firstName: "Léa" };
    const response = await patch(headers, whole);
    expect(response.statusCode).toBe(200);
    expect(response.json().userProfile).toMatchObject({
      name: userProfile.name,
      email: userProfile.email,
      firstName: "Léa",
    });
    const refused = await patch(headers, { ...whole, email: "elsewhere@example.ca" });
    expect(refused.json().message).toBe(
      "The email address cannot be changed here: use Change email in the account menu.",
    );
  });
});
