import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ScimGroupAttributes, ScimUserAttributes } from "./attributes.ts";
import { dana, USER_ID } from "./fixtures.ts";
import {
  applyGroupPatch,
  applyUserPatch,
  type GroupOperation,
  MAX_PATCH_OPERATIONS,
  memberChanges,
  PATCH_OP_SCHEMA,
  parseGroupPatch,
  parseUserPatch,
} from "./patch.ts";

const GROUP_ID = "0b6f2a94-8d1e-4f4b-a3f5-6c2d9e1b7a40";
const MEMBER_A = "2a1f0c3e-0000-4000-8000-00000000000a";
const MEMBER_B = "2a1f0c3e-0000-4000-8000-00000000000b";

const litigation: ScimGroupAttributes = { displayName: "Litigation", externalId: null, memberIds: [MEMBER_A] };

const patchOf = (...Operations: unknown[]) => ({ schemas: [PATCH_OP_SCHEMA], Operations });

/** The user after a PATCH body, read and applied; or the refusal. */
function patchUser(body: unknown, current: ScimUserAttributes = dana) {
  const parsed = parseUserPatch(body, USER_ID);
  if (parsed.outcome === "refused") return parsed;
  const applied = applyUserPatch(current, parsed.operations);
  return applied.outcome === "applied" ? applied.user : applied;
}

function patchGroup(body: unknown, current: ScimGroupAttributes = litigation) {
  const parsed = parseGroupPatch(body, GROUP_ID);
  if (parsed.outcome === "refused") return parsed;
  const applied = applyGroupPatch(current, parsed.operations);
  return applied.outcome === "applied" ? applied.group : applied;
}

describe("Okta's PATCH forms", () => {
  it("deactivates and reactivates with a replace of a value object and no path (OIN apps)", () => {
    const deactivate = { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: "replace", value: { active: false } }] };
    expect(patchUser(deactivate)).toEqual({ ...dana, active: false });
    const reactivate = { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: "replace", value: { active: true } }] };
    expect(patchUser(reactivate, { ...dana, active: false })).toEqual(dana);
  });

  it("accepts a password sync and keeps nothing of it", () => {
    const sync = { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: "replace", value: { password: "n3wP4ss!" } }] };
    expect(parseUserPatch(sync, USER_ID)).toEqual({
      outcome: "parsed",
      operations: [{ kind: "ignore", path: "password" }],
    });
    expect(patchUser(sync)).toEqual(dana);
  });

  it("renames a group with a value object carrying the group's own id", () => {
    const rename = patchOf({ op: "replace", value: { id: GROUP_ID, displayName: "Litigation (Toronto)" } });
    expect(patchGroup(rename)).toEqual({ ...litigation, displayName: "Litigation (Toronto)" });
  });

  it("refuses a rename carrying another id as mutability", () => {
    const rename = patchOf({ op: "replace", value: { id: "another", displayName: "X" } });
    expect(patchGroup(rename)).toMatchObject({ outcome: "refused", scimType: "mutability" });
  });

  it("updates members with a filtered remove and an add, in one request", () => {
    const membership = patchOf(
      { op: "remove", path: `members[value eq "${MEMBER_A}"]` },
      { op: "add", path: "members", value: [{ value: MEMBER_B, display: "sam.lee@smithlaw.ca" }] },
    );
    expect(patchGroup(membership)).toEqual({ ...litigation, memberIds: [MEMBER_B] });
  });

  it("replaces the whole membership", () => {
    const replace = patchOf({
      op: "replace",
      path: "members",
      value: [
        { value: MEMBER_B, display: "sam" },
        { value: MEMBER_A, display: "dana" },
      ],
    });
    expect(patchGroup(replace)).toEqual({ ...litigation, memberIds: [MEMBER_B, MEMBER_A] });
  });
});

describe("Entra's PATCH forms", () => {
  it('disables and restores with a capitalised "Replace" of active as the strings "False" and "True"', () => {
    const disable = patchOf({ op: "Replace", path: "active", value: "False" });
    expect(patchUser(disable)).toEqual({ ...dana, active: false });
    const restore = patchOf({ op: "Replace", path: "active", value: "True" });
    expect(patchUser(restore, { ...dana, active: false })).toEqual(dana);
  });

  it("takes active as a boolean too (the aadOptscim062020 flag), and strings in any case", () => {
    expect(patchUser(patchOf({ op: "replace", path: "active", value: false }))).toEqual({ ...dana, active: false });
    expect(patchUser(patchOf({ op: "Replace", path: "active", value: "false" }))).toEqual({ ...dana, active: false });
    expect(patchUser(patchOf({ op: "Replace", path: "active", value: "TRUE" }), { ...dana, active: false })).toEqual(
      dana,
    );
  });

  it("refuses any other active", () => {
    for (const value of ["yes", "0", 0, 1, null, "", [], {}]) {
      expect(patchUser(patchOf({ op: "Replace", path: "active", value }))).toMatchObject({ scimType: "invalidValue" });
    }
  });

  it("replaces by paths: userName, externalId, name parts, and the work address by its filtered path", () => {
    const update = patchOf(
      { op: "Replace", path: "userName", value: "dana.ortiz-lee@smithlaw.ca" },
      { op: "Replace", path: "externalId", value: "dortizlee" },
      { op: "Replace", path: "name.familyName", value: "Ortiz-Lee" },
      { op: "Replace", path: "name.givenName", value: "Dana M." },
      { op: "Replace", path: 'emails[type eq "work"].value', value: "dana.ortiz-lee@smithlaw.ca" },
      { op: "Replace", path: "displayName", value: "Dana Ortiz-Lee" },
    );
    expect(patchUser(update)).toEqual({
      userName: "dana.ortiz-lee@smithlaw.ca",
      externalId: "dortizlee",
      givenName: "Dana M.",
      familyName: "Ortiz-Lee",
      displayName: "Dana Ortiz-Lee",
      active: true,
      workEmail: "dana.ortiz-lee@smithlaw.ca",
    });
  });

  it('treats "Add" of a single-valued attribute as a replace', () => {
    expect(patchUser(patchOf({ op: "Add", path: "displayName", value: "D. Ortiz" }))).toEqual({
      ...dana,
      displayName: "D. Ortiz",
    });
    expect(patchUser(patchOf({ op: "Add", path: 'emails[type eq "work"].value', value: "d@smithlaw.ca" }))).toEqual({
      ...dana,
      workEmail: "d@smithlaw.ca",
    });
  });

  it("reads one value object with dotted keys (the aadOptscim062020 flag)", () => {
    const update = patchOf({
      op: "replace",
      value: { displayName: "Dana O.", "name.givenName": "Dana", "name.familyName": "O.", active: false },
    });
    expect(patchUser(update)).toEqual({ ...dana, displayName: "Dana O.", familyName: "O.", active: false });
  });

  it('reads a value object keyed by the filtered path emails[type eq "work"].value', () => {
    const update = patchOf({ op: "replace", value: { 'emails[type eq "work"].value': "dana@smithlaw.ca" } });
    expect(patchUser(update)).toEqual({ ...dana, workEmail: "dana@smithlaw.ca" });
  });

  it("ignores the enterprise extension and the core attributes Precis keeps no copy of", () => {
    const enterprise = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
    const ignored: [string, unknown][] = [
      [`${enterprise}:employeeNumber`, "701"],
      [`${enterprise}:department`, "Tax"],
      ["title", "Associate"],
      ["preferredLanguage", "fr-CA"],
      ['phoneNumbers[type eq "work"].value', "+1 416 555 0100"],
      ['addresses[type eq "work"].locality', "Toronto"],
      ["name.formatted", "Dana Ortiz"],
    ];
    const update = patchOf(
      ...ignored.map(([path, value], index) => ({ op: index % 2 ? "Add" : "Replace", path, value })),
      { op: "Add", value: { [enterprise]: { manager: { value: "x" } } } },
    );
    expect(patchUser(update)).toEqual(dana);
    const parsed = parseUserPatch(update, USER_ID);
    expect(parsed.outcome === "parsed" && parsed.operations.every((operation) => operation.kind === "ignore")).toBe(
      true,
    );
  });

  it("reads the core schema's full attribute paths", () => {
    const update = patchOf({
      op: "Replace",
      path: "urn:ietf:params:scim:schemas:core:2.0:User:displayName",
      value: "D",
    });
    expect(patchUser(update)).toEqual({ ...dana, displayName: "D" });
  });

  it("removes an optional attribute, and the work address by its filter", () => {
    expect(patchUser(patchOf({ op: "Remove", path: "externalId" }))).toEqual({ ...dana, externalId: null });
    expect(patchUser(patchOf({ op: "Remove", path: 'emails[type eq "work"].value' }))).toEqual({
      ...dana,
      workEmail: null,
    });
    expect(patchUser(patchOf({ op: "Remove", path: "name" }))).toEqual({ ...dana, givenName: null, familyName: null });
  });

  it("adds a member with a $ref of null", () => {
    const add = patchOf({ op: "Add", path: "members", value: [{ $ref: null, value: MEMBER_B }] });
    expect(patchGroup(add)).toEqual({ ...litigation, memberIds: [MEMBER_A, MEMBER_B] });
  });

  it("removes members in the older form, a remove of members with a value array", () => {
    const remove = patchOf({ op: "Remove", path: "members", value: [{ $ref: null, value: MEMBER_A }] });
    expect(patchGroup(remove)).toEqual({ ...litigation, memberIds: [] });
  });

  it("answers the older form's removal of someone already gone as done: it has no filter to match", () => {
    const remove = patchOf({ op: "Remove", path: "members", value: [{ $ref: null, value: MEMBER_B }] });
    expect(patchGroup(remove)).toEqual(litigation);
  });

  it("removes a member in the flagged form, members[value eq]", () => {
    const remove = patchOf({ op: "remove", path: `members[value eq "${MEMBER_A}"]` });
    expect(patchGroup(remove)).toEqual({ ...litigation, memberIds: [] });
  });

  it("removes every member with a remove of members and no value", () => {
    const group = { ...litigation, memberIds: [MEMBER_A, MEMBER_B] };
    expect(patchGroup(patchOf({ op: "Remove", path: "members" }), group)).toEqual({ ...litigation, memberIds: [] });
  });

  it("renames a group and changes its externalId by path", () => {
    const update = patchOf(
      { op: "Replace", path: "displayName", value: "Tax" },
      { op: "Replace", path: "externalId", value: "8f1c" },
    );
    expect(patchGroup(update)).toEqual({ ...litigation, displayName: "Tax", externalId: "8f1c" });
  });
});

describe("PATCH bodies outside what Precis accepts", () => {
  const userRefusals: [string, unknown, string][] = [
    ["not an object", [], "invalidSyntax"],
    [
      "no PatchOp schema",
      { schemas: [], Operations: [{ op: "replace", path: "active", value: false }] },
      "invalidSyntax",
    ],
    ["no Operations", { schemas: [PATCH_OP_SCHEMA] }, "invalidSyntax"],
    ["empty Operations", patchOf(), "invalidSyntax"],
    ["an operation that is not an object", patchOf("replace"), "invalidSyntax"],
    ["an unknown op", patchOf({ op: "move", path: "active", value: false }), "invalidSyntax"],
    ["an op that is not a string", patchOf({ op: 1, path: "active", value: false }), "invalidSyntax"],
    ["a replace with no value", patchOf({ op: "replace", path: "active" }), "invalidSyntax"],
    ["a path that is not a string", patchOf({ op: "replace", path: 1, value: 1 }), "invalidPath"],
    ["an unknown attribute", patchOf({ op: "replace", path: "shoeSize", value: "9" }), "invalidPath"],
    ["an unknown name part", patchOf({ op: "replace", path: "name.nickname", value: "D" }), "invalidPath"],
    [
      "another email type",
      patchOf({ op: "replace", path: 'emails[type eq "home"].value', value: "a@b" }),
      "invalidPath",
    ],
    ["emails.value", patchOf({ op: "replace", path: "emails.value", value: "a@b" }), "invalidPath"],
    ["a malformed path", patchOf({ op: "replace", path: "emails[type eq work].value", value: "a@b" }), "invalidPath"],
    [
      "a filter on a plain attribute",
      patchOf({ op: "replace", path: 'userName[x eq "y"]', value: "a" }),
      "invalidPath",
    ],
    ["another extension", patchOf({ op: "add", path: "urn:example:ext:2.0:User:badge", value: "1" }), "invalidPath"],
    ["an overlong path", patchOf({ op: "add", path: `title${"a".repeat(600)}`, value: "1" }), "invalidPath"],
    [
      "an unknown key in a value object",
      patchOf({ op: "replace", value: { active: false, shoeSize: 9 } }),
      "invalidPath",
    ],
    ["a value object that is not one", patchOf({ op: "replace", value: false }), "invalidValue"],
    ["a remove with no path", patchOf({ op: "remove", value: { active: false } }), "noTarget"],
    ["a userName that is not a string", patchOf({ op: "replace", path: "userName", value: 7 }), "invalidValue"],
    ["an empty userName", patchOf({ op: "replace", path: "userName", value: " " }), "invalidValue"],
    [
      "an overlong userName",
      patchOf({ op: "replace", path: "userName", value: `${"a".repeat(320)}@b` }),
      "invalidValue",
    ],
    [
      "an overlong givenName",
      patchOf({ op: "replace", path: "name.givenName", value: "a".repeat(257) }),
      "invalidValue",
    ],
    ["a removed userName", patchOf({ op: "remove", path: "userName" }), "invalidValue"],
    ["a removed active", patchOf({ op: "remove", path: "active" }), "invalidValue"],
    [
      "a work address that is not one",
      patchOf({ op: "replace", path: 'emails[type eq "work"].value', value: "x" }),
      "invalidValue",
    ],
    ["a name that is not an object", patchOf({ op: "replace", path: "name", value: "Dana" }), "invalidValue"],
    ["emails that are not an array", patchOf({ op: "replace", path: "emails", value: "a@b" }), "invalidValue"],
    ["an id", patchOf({ op: "replace", path: "id", value: "another" }), "mutability"],
    ["a removed id", patchOf({ op: "remove", path: "id" }), "mutability"],
    ["meta", patchOf({ op: "replace", path: "meta.lastModified", value: "2026-01-01T00:00:00Z" }), "mutability"],
    ["groups", patchOf({ op: "add", path: "groups", value: [{ value: GROUP_ID }] }), "mutability"],
  ];

  it.each(userRefusals)("refuses %s for a User", (_, body, scimType) => {
    expect(parseUserPatch(body, USER_ID)).toMatchObject({ outcome: "refused", scimType });
  });

  const groupRefusals: [string, unknown, string][] = [
    ["a filtered add of members", patchOf({ op: "add", path: 'members[value eq "x"]', value: [] }), "invalidPath"],
    ["a member filter on display", patchOf({ op: "remove", path: 'members[display eq "x"]' }), "invalidPath"],
    ["members.value", patchOf({ op: "remove", path: "members.value" }), "invalidPath"],
    ["a User attribute", patchOf({ op: "replace", path: "userName", value: "x" }), "invalidPath"],
    ["members that are not an array", patchOf({ op: "add", path: "members", value: { value: "x" } }), "invalidValue"],
    ["a member with no value", patchOf({ op: "add", path: "members", value: [{ display: "x" }] }), "invalidValue"],
    ["a member that is not an object", patchOf({ op: "add", path: "members", value: ["x"] }), "invalidValue"],
    ["a removed displayName", patchOf({ op: "remove", path: "displayName" }), "invalidValue"],
    ["an empty displayName", patchOf({ op: "replace", path: "displayName", value: "" }), "invalidValue"],
    ["an id in a value object", patchOf({ op: "replace", value: { id: USER_ID } }), "mutability"],
    ["schemas by path", patchOf({ op: "replace", path: "schemas", value: [] }), "mutability"],
  ];

  it.each(groupRefusals)("refuses %s for a Group", (_, body, scimType) => {
    expect(parseGroupPatch(body, GROUP_ID)).toMatchObject({ outcome: "refused", scimType });
  });

  it("names the operation a refusal comes from", () => {
    const body = patchOf({ op: "replace", path: "active", value: true }, { op: "replace", path: "shoeSize", value: 1 });
    expect(parseUserPatch(body, USER_ID)).toMatchObject({ detail: expect.stringMatching(/^Operations\[1\]: /) });
  });

  it("refuses more operations than the limit", () => {
    const many = Array.from({ length: MAX_PATCH_OPERATIONS + 1 }, () => ({ op: "add", path: "title", value: "x" }));
    expect(parseUserPatch(patchOf(...many), USER_ID)).toMatchObject({ scimType: "invalidSyntax" });
    expect(parseUserPatch(patchOf(...many.slice(1)), USER_ID)).toMatchObject({ outcome: "parsed" });
  });

  it("answers noTarget when a filter matches nothing, and refuses the whole request", () => {
    const remove = patchOf(
      { op: "add", path: "members", value: [{ value: MEMBER_B }] },
      { op: "remove", path: `members[value eq "${MEMBER_B}-not"]` },
    );
    expect(patchGroup(remove)).toMatchObject({ outcome: "refused", scimType: "noTarget" });
    const noAddress = { ...dana, workEmail: null };
    expect(patchUser(patchOf({ op: "remove", path: 'emails[type eq "work"].value' }), noAddress)).toMatchObject({
      scimType: "noTarget",
    });
  });

  it("reads op, path and value and the body's own names in any case", () => {
    const body = { SCHEMAS: [PATCH_OP_SCHEMA], operations: [{ OP: "REPLACE", Path: "Active", Value: "false" }] };
    expect(patchUser(body)).toEqual({ ...dana, active: false });
  });
});

const optionalText = fc.option(
  fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== ""),
  {
    nil: null,
  },
);
const user: fc.Arbitrary<ScimUserAttributes> = fc.record({
  userName: fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== ""),
  externalId: optionalText,
  givenName: optionalText,
  familyName: optionalText,
  displayName: optionalText,
  active: fc.boolean(),
  workEmail: fc.option(fc.emailAddress(), { nil: null }),
});
const group: fc.Arbitrary<ScimGroupAttributes> = fc.record({
  displayName: fc.string({ minLength: 1, maxLength: 20 }),
  externalId: optionalText,
  memberIds: fc.uniqueArray(fc.uuid(), { maxLength: 10 }),
});
const activeValue = fc.oneof(
  fc.boolean().map((active) => ({ sent: active as unknown, active })),
  fc.tuple(fc.boolean(), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 })).map(([active, mask]) => ({
    sent: [...String(active)].map((character, index) => (mask[index] ? character.toUpperCase() : character)).join(""),
    active,
  })),
);

describe("memberChanges", () => {
  it("says who a PATCH added and who it removed", () => {
    expect(memberChanges([MEMBER_A, "c"], [MEMBER_B, "c"])).toEqual({ added: [MEMBER_B], removed: [MEMBER_A] });
    expect(memberChanges([MEMBER_A], [MEMBER_A])).toEqual({ added: [], removed: [] });
  });

  it("turns the membership before into the one after, for any two", () => {
    const ids = fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e", "f"), { maxLength: 6 });
    fc.assert(
      fc.property(ids, ids, (before, after) => {
        const { added, removed } = memberChanges(before, after);
        const result = new Set([...before.filter((id) => !removed.includes(id)), ...added]);
        expect([...result].sort()).toEqual([...after].sort());
      }),
    );
  });
});

describe("the PATCH appliers, for any resource", () => {
  it("leave a user and a group as they are when no operation is applied", () => {
    fc.assert(
      fc.property(user, (current) => {
        expect(applyUserPatch(current, [])).toEqual({ outcome: "applied", user: current });
      }),
    );
    fc.assert(
      fc.property(group, (current) => {
        expect(applyGroupPatch(current, [])).toEqual({ outcome: "applied", group: current });
      }),
    );
  });

  it("give back the active a replace set, in every form it is sent, path or value object, and nothing else", () => {
    fc.assert(
      fc.property(
        user,
        activeValue,
        fc.boolean(),
        fc.constantFrom("replace", "Replace", "add"),
        (current, value, byPath, op) => {
          const operation = byPath ? { op, path: "active", value: value.sent } : { op, value: { active: value.sent } };
          expect(patchUser(patchOf(operation), current)).toEqual({ ...current, active: value.active });
        },
      ),
    );
  });

  it("apply only operations they parsed, and keep the group's members unique", () => {
    const memberOperation: fc.Arbitrary<GroupOperation> = fc.oneof(
      fc.record({ kind: fc.constant("addMembers"), memberIds: fc.array(fc.uuid(), { maxLength: 5 }) }),
      fc.record({ kind: fc.constant("replaceMembers"), memberIds: fc.array(fc.uuid(), { maxLength: 5 }) }),
    ) as fc.Arbitrary<GroupOperation>;
    fc.assert(
      fc.property(group, fc.array(memberOperation, { maxLength: 5 }), (current, operations) => {
        const applied = applyGroupPatch(current, operations);
        if (applied.outcome !== "applied") throw new Error("adding and replacing members never refuses");
        expect(new Set(applied.group.memberIds).size).toBe(applied.group.memberIds.length);
      }),
    );
  });

  it("never throw on arbitrary bodies, and refuse them with a PATCH scimType", () => {
    const scimTypes = ["invalidPath", "invalidValue", "invalidSyntax", "mutability", "noTarget"];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc
            .array(fc.record({ op: fc.string(), path: fc.string(), value: fc.anything() }), { maxLength: 4 })
            .map((ops) => patchOf(...ops)),
          fc
            .array(
              fc.record({
                op: fc.constantFrom("add", "Replace", "remove"),
                value: fc.dictionary(fc.string(), fc.anything()),
              }),
              {
                maxLength: 3,
              },
            )
            .map((ops) => patchOf(...ops)),
        ),
        (body) => {
          for (const result of [parseUserPatch(body, USER_ID), parseGroupPatch(body, GROUP_ID)]) {
            if (result.outcome === "refused") expect(scimTypes).toContain(result.scimType);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
