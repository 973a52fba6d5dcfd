import { accountExportSchema } from "@precis/contract/account-export";
import {
  defaultMemoOptionSet,
  MAX_MEMO_PRESETS,
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
import { describe, expect, it } from "vitest";
import { memoOptionSets, users } from "../src/db/schema/index.ts";
import { getMemoOptions } from "../src/modules/memo-settings/service.ts";
import { exportAccount } from "../src/modules/privacy/export.ts";
import { xhrHeaders } from "./harness.ts";
import { createAccount } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";

const server = useTestServer({ env: { REGISTER_MAX_PER_IP: "1000" } });

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
    const response = await readOptions((await createAccount(server)).session.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ options: [defaultMemoOptionSet], selectedOptionId: -1 });
  });

  it("save a whole set, select it, and read it back identical", async () => {
    const { headers } = (await createAccount(server)).session;
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
    const { headers } = (await createAccount(server)).session;
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
      name: fc.string({ minLength: 1, maxLength: 60 }).filter((name) => name.trim() === name && name.length > 0),
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
    const { headers } = (await createAccount(server)).session;
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
    const { headers } = (await createAccount(server)).session;
    const id = (await saveOptions(headers, { ...reordered, id: -1 })).json().updatedOptionId;
    const rowOf = async () =>
      (await server.database.db.select().from(memoOptionSets).where(eq(memoOptionSets.id, id)))[0];
    const before = await rowOf();
    const refused = await saveOptions(headers, { ...reordered, id, name: "Changed", memoTone: "Casual" });
    expect(refused.statusCode).toBe(400);
    expect(await rowOf()).toEqual(before);
  });

  it("needs a session", async () => {
    expect((await readOptions({})).statusCode).toBe(401);
    expect((await saveOptions({}, defaultMemoOptionSet)).statusCode).toBe(401);
  });

  it("never lets one user touch another's set", async () => {
    const { headers: owner } = (await createAccount(server)).session;
    const { headers: intruder } = (await createAccount(server)).session;
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
    const { headers } = (await createAccount(server)).session;
    const before = await countSets();
    const response = await saveOptions(headers, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.fields.map((item: { path: string }) => item.path).join(" ")).toContain(field);
    expect(await countSets()).toBe(before);
  });
});

describe("memo presets", () => {
  function createPreset(headers: Record<string, string>, payload: unknown) {
    return server.app.inject({
      method: "POST",
      url: "/api/user-options",
      headers: { ...xhrHeaders, ...headers },
      payload: payload as object,
    });
  }
  function selectPreset(headers: Record<string, string>, payload: unknown) {
    return server.app.inject({
      method: "PUT",
      url: "/api/user-options/selected",
      headers: { ...xhrHeaders, ...headers },
      payload: payload as object,
    });
  }
  function deletePreset(headers: Record<string, string>, id: number | string) {
    return server.app.inject({
      method: "DELETE",
      url: `/api/user-options/${id}`,
      headers: { ...xhrHeaders, ...headers },
    });
  }
  async function storedPresetsOf(userId: number) {
    return server.database.db
      .select()
      .from(memoOptionSets)
      .where(eq(memoOptionSets.userId, userId))
      .orderBy(memoOptionSets.id);
  }
  const clientLetter = { ...defaultMemoOptionSet, name: "Client letter", memoTone: "Client", memoSummary: "Short" };
  const forMyPrincipal = { ...defaultMemoOptionSet, name: "For my principal", memoTone: "Supervisor" };

  /** A user with two saved presets, "Client letter" (selected, as the first stored) and "For my principal". */
  async function signUpWithTwoPresets() {
    const {
      session: { headers },
      userId,
    } = await createAccount(server);
    const clientId = (await saveOptions(headers, { ...clientLetter, id: -1 })).json().updatedOptionId;
    const principalId = (await saveOptions(headers, { ...forMyPrincipal, id: -1 })).json().updatedOptionId;
    return { headers, clientId, principalId, userId };
  }

  it("create one from the defaults beside the default set the user was shown, which stays selected", async () => {
    const { headers } = (await createAccount(server)).session;
    const response = await createPreset(headers, { name: "Client letter" });
    expect(response.statusCode).toBe(200);
    const { options, updatedOptionId, selectedOptionId } = response.json();
    expect(options).toHaveLength(2);
    const created = options.find((set: MemoOptionSet) => set.id === updatedOptionId);
    expect(created).toEqual({ ...defaultMemoOptionSet, id: updatedOptionId, name: "Client letter" });
    const stored = options.find((set: MemoOptionSet) => set.id !== updatedOptionId);
    expect(stored).toEqual({ ...defaultMemoOptionSet, id: selectedOptionId });
    expect(selectedOptionId).toBeGreaterThan(0);
    expect((await readOptions(headers)).json()).toEqual({ options, selectedOptionId });
  });

  it("create one as a copy of one of the caller's presets, under its own name, not selected", async () => {
    const { headers, clientId, principalId } = await signUpWithTwoPresets();
    const response = await createPreset(headers, { name: "Client letter, long", copyFromId: clientId });
    expect(response.statusCode).toBe(200);
    const { options, updatedOptionId, selectedOptionId } = response.json();
    expect(options).toHaveLength(3);
    expect(options.find((set: MemoOptionSet) => set.id === updatedOptionId)).toEqual({
      ...clientLetter,
      id: updatedOptionId,
      name: "Client letter, long",
    });
    expect(selectedOptionId).toBe(clientId);
    expect(updatedOptionId).not.toBe(principalId);
  });

  it("store names trimmed and composed (NFC), up to 60 characters", async () => {
    const { headers } = (await createAccount(server)).session;
    const decomposed = "  Lettre au cafe\u0301  ";
    const response = await createPreset(headers, { name: decomposed });
    expect(response.statusCode).toBe(200);
    const { options, updatedOptionId } = response.json();
    expect(options.find((set: MemoOptionSet) => set.id === updatedOptionId).name).toBe("Lettre au caf\u00e9");
    const sixty = "x".repeat(60);
    const renamed = await saveOptions(headers, { ...defaultMemoOptionSet, id: updatedOptionId, name: sixty });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().options[0].name).toBe(sixty);
  });

  it.each([
    ["a name over 60 characters", { name: "x".repeat(61) }],
    ["an empty name", { name: "" }],
    ["a name of spaces only", { name: "   " }],
    ["a name with a control character", { name: "Client\u0000letter" }],
    ["no name", {}],
    ["a copy source that is not a number", { name: "Copy", copyFromId: "1" }],
    ["an unknown field", { name: "Copy", memoTone: "Client" }],
  ])("refuse a creation with %s: 400 naming the field, nothing stored", async (_label, payload) => {
    const { headers } = (await createAccount(server)).session;
    const before = await countSets();
    const response = await createPreset(headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.length).toBeGreaterThan(0);
    expect(await countSets()).toBe(before);
  });

  it("refuse a rename over 60 characters or empty with 400, and keep the old name", async () => {
    const { headers, clientId, userId } = await signUpWithTwoPresets();
    for (const name of ["y".repeat(61), "", " "]) {
      const response = await saveOptions(headers, { ...clientLetter, id: clientId, name });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.map((field: { path: string }) => field.path)).toContain("body.name");
    }
    expect((await storedPresetsOf(userId)).map((row) => row.name)).toEqual(["Client letter", "For my principal"]);
  });

  it("refuse to copy someone else's preset with 404, storing nothing", async () => {
    const owner = await signUpWithTwoPresets();
    const { headers: intruder } = (await createAccount(server)).session;
    const before = await countSets();
    const response = await createPreset(intruder, { name: "Stolen", copyFromId: owner.clientId });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("This preset does not exist.");
    expect(await countSets()).toBe(before);
  });

  it(`keep at most ${MAX_MEMO_PRESETS}, even when creations arrive together`, async () => {
    expect(MAX_MEMO_PRESETS).toBe(10);
    const {
      session: { headers },
      userId,
    } = await createAccount(server);
    // The first creation also stores the default set: 2 presets.
    expect((await createPreset(headers, { name: "Preset 1" })).statusCode).toBe(200);
    while ((await storedPresetsOf(userId)).length < MAX_MEMO_PRESETS - 1) {
      expect((await createPreset(headers, { name: "More" })).statusCode).toBe(200);
    }
    // On PostgreSQL these run on separate connections: each would count 9 before any of the others inserts
    // unless the creations of one user take turns.
    const creations = await Promise.all([
      ...Array.from({ length: 4 }, (_, index) => createPreset(headers, { name: `Racing ${index}` })),
      saveOptions(headers, { ...defaultMemoOptionSet, id: -1, name: "Racing through PUT" }),
      saveOptions(headers, { ...defaultMemoOptionSet, id: -1, name: "Racing through PUT again" }),
    ]);
    expect(creations.map((response) => response.statusCode).sort((a, b) => a - b)).toEqual([
      200, 409, 409, 409, 409, 409,
    ]);
    expect(creations.find((response) => response.statusCode === 409)?.json().message).toBe(
      "You can keep at most 10 presets.",
    );
    expect(await storedPresetsOf(userId)).toHaveLength(MAX_MEMO_PRESETS);
    // An 11th, from the defaults or as a copy, and a second later: refused, nothing stored.
    const [any] = await storedPresetsOf(userId);
    expect((await createPreset(headers, { name: "Eleventh", copyFromId: any?.id })).statusCode).toBe(409);
    expect((await createPreset(headers, { name: "Eleventh" })).statusCode).toBe(409);
    expect(await storedPresetsOf(userId)).toHaveLength(MAX_MEMO_PRESETS);
  });

  it("choose the selected one, which saving another preset does not change", async () => {
    const { headers, clientId, principalId } = await signUpWithTwoPresets();
    expect((await readOptions(headers)).json().selectedOptionId).toBe(clientId);
    const chosen = await selectPreset(headers, { id: principalId });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().selectedOptionId).toBe(principalId);
    expect(chosen.json().options).toHaveLength(2);

    const saved = await saveOptions(headers, { ...clientLetter, id: clientId, memoFactsLength: "Short" });
    expect(saved.statusCode).toBe(200);
    expect((await readOptions(headers)).json().selectedOptionId).toBe(principalId);
    // Back and forth within the same millisecond: the last choice wins.
    await selectPreset(headers, { id: clientId });
    await selectPreset(headers, { id: principalId });
    await selectPreset(headers, { id: clientId });
    expect((await readOptions(headers)).json().selectedOptionId).toBe(clientId);
  });

  it("refuse to select an id that is not the caller's with 404, and keep the selection", async () => {
    const owner = await signUpWithTwoPresets();
    const { headers, principalId } = await signUpWithTwoPresets();
    const snapshot = async () => (await storedPresetsOf(owner.userId)).map((row) => row.selectedAt);
    const before = await snapshot();
    for (const id of [owner.principalId, owner.clientId, 999_999_999, -1, 0]) {
      const response = await selectPreset(headers, { id });
      expect(response.statusCode, `id ${id}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    expect((await readOptions(owner.headers)).json().selectedOptionId).toBe(owner.clientId);
    expect((await readOptions(headers)).json().selectedOptionId).not.toBe(principalId);
  });

  it("select the default set of a user who stored none, which it already is", async () => {
    const { headers } = (await createAccount(server)).session;
    const response = await selectPreset(headers, { id: -1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ options: [defaultMemoOptionSet], selectedOptionId: -1 });
  });

  it("refuse a selection without a whole-number id with 400", async () => {
    const { headers } = await signUpWithTwoPresets();
    for (const payload of [{}, { id: "1" }, { id: 1.5 }, { id: 1, extra: true }]) {
      expect((await selectPreset(headers, payload)).statusCode).toBe(400);
    }
  });

  it("delete one, and give the selection back to the one chosen before the deleted one", async () => {
    const { headers, clientId, principalId, userId } = await signUpWithTwoPresets();
    const third = (await createPreset(headers, { name: "Third" })).json().updatedOptionId;
    await selectPreset(headers, { id: principalId });
    await selectPreset(headers, { id: third });

    const deleted = await deletePreset(headers, third);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().selectedOptionId).toBe(principalId);
    expect(
      deleted
        .json()
        .options.map((set: MemoOptionSet) => set.id)
        .sort(),
    ).toEqual([clientId, principalId].sort());

    const again = await deletePreset(headers, clientId);
    expect(again.json()).toEqual({ options: [{ ...forMyPrincipal, id: principalId }], selectedOptionId: principalId });
    expect((await storedPresetsOf(userId)).map((row) => row.id)).toEqual([principalId]);
  });

  it("refuse to delete the last preset with 409, keeping it", async () => {
    const { headers, clientId, principalId, userId } = await signUpWithTwoPresets();
    expect((await deletePreset(headers, principalId)).statusCode).toBe(200);
    const before = await storedPresetsOf(userId);
    const response = await deletePreset(headers, clientId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Your last preset cannot be deleted: the extension needs one.");
    expect(await storedPresetsOf(userId)).toEqual(before);
  });

  it("refuse two deletions racing for the last two presets: one is kept", async () => {
    const { headers, clientId, principalId, userId } = await signUpWithTwoPresets();
    const answers = await Promise.all([deletePreset(headers, clientId), deletePreset(headers, principalId)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await storedPresetsOf(userId)).toHaveLength(1);
  });

  it("refuse to delete someone else's preset with 404, and an id that is not one with 400", async () => {
    const owner = await signUpWithTwoPresets();
    const { headers } = await signUpWithTwoPresets();
    const before = await storedPresetsOf(owner.userId);
    const response = await deletePreset(headers, owner.principalId);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("This preset does not exist.");
    expect((await deletePreset(headers, 999_999_999)).statusCode).toBe(404);
    for (const id of ["-1", "0", "abc", "1e3", "9".repeat(20)]) {
      expect((await deletePreset(headers, id)).statusCode, id).toBe(400);
    }
    expect(await storedPresetsOf(owner.userId)).toEqual(before);
  });

  it("need a session, and say so before looking at the body", async () => {
    const { headers, clientId } = await signUpWithTwoPresets();
    const before = await countSets();
    expect((await createPreset({}, { name: "Client letter" })).statusCode).toBe(401);
    expect((await createPreset({}, {})).statusCode).toBe(401);
    expect((await selectPreset({}, { id: clientId })).statusCode).toBe(401);
    expect((await selectPreset({}, {})).statusCode).toBe(401);
    expect((await deletePreset({}, clientId)).statusCode).toBe(401);
    expect((await deletePreset({}, "abc")).statusCode).toBe(401);
    expect((await saveOptions({}, {})).statusCode).toBe(401);
    expect((await saveOptions(headers, {})).statusCode).toBe(400);
    expect(await countSets()).toBe(before);
  });

  it("appear in the data export, which says which one is selected", async () => {
    const { headers, clientId, principalId, userId } = await signUpWithTwoPresets();
    await selectPreset(headers, { id: principalId });
    const exported = accountExportSchema.parse(
      await exportAccount(server.database.db, server.config, userId, new Date()),
    );
    expect(
      exported.memoOptionSets.map(({ id, name, memoTone, isSelected }) => ({ id, name, memoTone, isSelected })),
    ).toEqual(
      expect.arrayContaining([
        { id: clientId, name: "Client letter", memoTone: "Client", isSelected: false },
        { id: principalId, name: "For my principal", memoTone: "Supervisor", isSelected: true },
      ]),
    );
    expect(exported.memoOptionSets).toHaveLength(2);
  });

  it("keep the saved-last rule for sets stored before anyone chose one", async () => {
    const { clientId, principalId, userId } = await signUpWithTwoPresets();
    const storedBeforePresets = async (savedLast: number, savedFirst: number) => {
      await server.database.db
        .update(memoOptionSets)
        .set({ selectedAt: null, updatedAt: new Date("2026-01-02T00:00:00Z") })
        .where(eq(memoOptionSets.id, savedLast));
      await server.database.db
        .update(memoOptionSets)
        .set({ selectedAt: null, updatedAt: new Date("2026-01-01T00:00:00Z") })
        .where(eq(memoOptionSets.id, savedFirst));
    };
    // Read through the service: the API reuses a read for a second, and nothing here goes through the API.
    await storedBeforePresets(principalId, clientId);
    expect((await getMemoOptions(server.database.db, userId)).selectedOptionId).toBe(principalId);
    await storedBeforePresets(clientId, principalId);
    expect((await getMemoOptions(server.database.db, userId)).selectedOptionId).toBe(clientId);
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
    const { headers } = (await createAccount(server)).session;
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
    const { headers } = (await createAccount(server)).session;
    const before = await server.database.db.select().from(users);
    const response = await patch(headers, { firstName: "Changed", ...payload });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().fields)).toContain(field);
    expect(await server.database.db.select().from(users)).toEqual(before);
  });

  it("accept SPEC's whole body, the unchanged username and email included, and say how email is changed", async () => {
    const { headers } = (await createAccount(server)).session;
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
