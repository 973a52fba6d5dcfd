import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatFilter,
  type GroupComparison,
  MAX_FILTER_COMPARISONS,
  MAX_FILTER_LENGTH,
  parseGroupFilter,
  parseUserFilter,
  readQuotedString,
  type ScimComparison,
  type UserComparison,
} from "./filter.ts";

const parsed = <Comparison>(comparisons: Comparison[]) => ({ outcome: "parsed", comparisons });
const GUID = "5b4a8b4f-52bd-4c0f-9d5f-3a4f1f0d7e21";

/** A filter as it is sent, whether it goes to /Users or /Groups, and what it reads as. */
type Accepted = [filter: string, resource: "User" | "Group", comparisons: ScimComparison[]];

const read = (filter: string, resource: "User" | "Group") =>
  resource === "User" ? parseUserFilter(filter) : parseGroupFilter(filter);

describe("the filters Okta and Entra send", () => {
  const sent: Accepted[] = [
    // Okta's import and its probe
    ['userName eq "x@y"', "User", [{ attribute: "userName", value: "x@y" }]],
    ['userName eq "dana.ortiz@smithlaw.ca"', "User", [{ attribute: "userName", value: "dana.ortiz@smithlaw.ca" }]],
    // Entra's probe (a random GUID) and its matching attributes
    [`userName eq "${GUID}"`, "User", [{ attribute: "userName", value: GUID }]],
    ['externalId eq "dortiz"', "User", [{ attribute: "externalId", value: "dortiz" }]],
    [
      'emails[type eq "work"].value eq "dana@smithlaw.ca"',
      "User",
      [{ attribute: "workEmail", value: "dana@smithlaw.ca" }],
    ],
    ['displayName eq "Litigation 7f0c"', "Group", [{ attribute: "displayName", value: "Litigation 7f0c" }]],
  ];
  it.each(sent)("reads %j on /%ss", (filter, resource, comparisons) => {
    expect(read(filter, resource)).toEqual(parsed(comparisons));
  });
});

describe("the supported grammar", () => {
  const grammar: Accepted[] = [
    [
      'userName eq "a@b.ca" and externalId eq "42" and active eq true',
      "User",
      [
        { attribute: "userName", value: "a@b.ca" },
        { attribute: "externalId", value: "42" },
        { attribute: "active", value: true },
      ],
    ],
    // Attribute names, eq and and in any case, as RFC 7644 makes them case-insensitive
    [
      'USERNAME EQ "a" AND ExternalID Eq "b" and Emails[TYPE eq "Work"].Value eq "c@d"',
      "User",
      [
        { attribute: "userName", value: "a" },
        { attribute: "externalId", value: "b" },
        { attribute: "workEmail", value: "c@d" },
      ],
    ],
    ["active eq False", "User", [{ attribute: "active", value: false }]],
    // The core schema's full attribute names, and emails.value
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a"', "User", [{ attribute: "userName", value: "a" }]],
    ['emails.value eq "a@b"', "User", [{ attribute: "anyEmail", value: "a@b" }]],
    [
      'urn:ietf:params:scim:schemas:core:2.0:Group:displayName eq "x"',
      "Group",
      [{ attribute: "displayName", value: "x" }],
    ],
    // JSON string escapes
    [String.raw`userName eq "a\"b\\c\/d\u00e9\n"`, "User", [{ attribute: "userName", value: 'a"b\\c/dé\n' }]],
    // Spaces around the filter and runs of spaces between its words
    ['  userName   eq  "a"  ', "User", [{ attribute: "userName", value: "a" }]],
  ];
  it.each(grammar)("reads %j on /%ss", (filter, resource, comparisons) => {
    expect(read(filter, resource)).toEqual(parsed(comparisons));
  });
});

describe("filters outside the grammar", () => {
  const refusals = [
    ['userName co "a"', "operator"],
    ['userName sw "a"', "operator"],
    ["userName pr", "operator"],
    ['userName ne "a"', "operator"],
    ['userName eq "a" or userName eq "b"', "or is not supported"],
    ['not (userName eq "a")', "not is not supported"],
    ['(userName eq "a")', "grouping"],
    ['title eq "Partner"', "title is not filterable"],
    ['displayName eq "x"', "displayName is not filterable"],
    ['emails[type eq "home"].value eq "a@b"', 'type eq "work" only'],
    ['emails[value eq "a@b"]', "by type only"],
    ['emails[type eq "work"] eq "a@b"', '"work"].value'],
    ['emails[type eq "work"].display eq "a@b"', '"work"].value'],
    ["userName eq a", "double quotes"],
    ["userName eq 42", "double quotes"],
    ["userName eq null", "double quotes"],
    ['userName eq "unterminated', "double quotes"],
    ['userName eq "bad \\x escape"', "double quotes"],
    ['userName eq "bad \\u12 escape"', "double quotes"],
    ['userName eq "raw\tcontrol"', "double quotes"],
    ['active eq "true"', "true or false"],
    ['userName eq "a"and externalId eq "b"', "joined by and"],
    ['userName eq "a" and', "joined by and"],
    ['userName eq "a" externalId eq "b"', "joined by and"],
    ["", "an attribute is expected"],
    ["userName", "operator is expected"],
    ["userName eq", "a value is expected"],
    ['meta.lastModified gt "2026-01-01T00:00:00Z"', "not filterable"],
  ] as const;

  it.each(refusals)("refuses %j as invalidFilter", (filter, why) => {
    const result = parseUserFilter(filter);
    expect(result).toMatchObject({ outcome: "refused", scimType: "invalidFilter" });
    expect(result.outcome === "refused" && result.detail).toContain(why);
    expect(result.outcome === "refused" && result.detail).toMatch(/^filter not supported: /);
  });

  it("refuses the User attributes in a Group filter and the Group ones in a User filter", () => {
    expect(parseGroupFilter('userName eq "a"')).toMatchObject({ scimType: "invalidFilter" });
    expect(parseGroupFilter('emails[type eq "work"].value eq "a@b"')).toMatchObject({ scimType: "invalidFilter" });
    expect(parseUserFilter('members[value eq "1"]')).toMatchObject({ scimType: "invalidFilter" });
  });

  it("refuses a filter longer than the limit before reading it, and too many comparisons", () => {
    const long = `userName eq "${"a".repeat(MAX_FILTER_LENGTH)}"`;
    expect(parseUserFilter(long)).toMatchObject({
      scimType: "invalidFilter",
      detail: expect.stringContaining("longer"),
    });
    const many = Array.from({ length: MAX_FILTER_COMPARISONS + 1 }, (_, index) => `externalId eq "${index}"`);
    expect(parseUserFilter(many.join(" and "))).toMatchObject({ detail: expect.stringContaining("comparisons") });
    expect(parseUserFilter(many.slice(1).join(" and "))).toMatchObject({ outcome: "parsed" });
  });

  it("answers deeply nested and adversarial text quickly, without recursion", () => {
    const started = performance.now();
    for (const text of [
      "(".repeat(100_000),
      `userName eq "${"\\".repeat(1_000)}`,
      "a".repeat(2_000),
      "[".repeat(2_000),
    ]) {
      expect(parseUserFilter(text)).toMatchObject({ scimType: "invalidFilter" });
    }
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("readQuotedString", () => {
  it("reads exactly one JSON string", () => {
    expect(readQuotedString('"a\\"b"')).toBe('a"b');
    expect(readQuotedString('"a" ')).toBeNull();
    expect(readQuotedString("a")).toBeNull();
  });
});

const text = fc.string({ unit: "binary", maxLength: 40 });
const userComparison: fc.Arbitrary<UserComparison> = fc.oneof(
  fc.record({ attribute: fc.constantFrom("id", "userName", "externalId", "workEmail", "anyEmail"), value: text }),
  fc.record({ attribute: fc.constant("active"), value: fc.boolean() }),
) as fc.Arbitrary<UserComparison>;
const groupComparison: fc.Arbitrary<GroupComparison> = fc.record({
  attribute: fc.constantFrom("id", "displayName", "externalId"),
  value: text,
});

describe("the filter parser, for any input", () => {
  it("never throws, and either parses or refuses as invalidFilter", () => {
    const filterish = fc.oneof(
      fc.string({ unit: "binary", maxLength: 300 }),
      fc
        .array(
          fc.constantFrom(
            '"',
            "\\",
            "[",
            "]",
            "(",
            ")",
            " ",
            "eq",
            "and",
            "or",
            "userName",
            "emails",
            ".value",
            "a",
            "u",
          ),
          { maxLength: 40 },
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(filterish, (filter) => {
        for (const result of [parseUserFilter(filter), parseGroupFilter(filter)]) {
          if (result.outcome === "refused") expect(result.scimType).toBe("invalidFilter");
          else expect(result.comparisons.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("reads back every filter it writes, whatever the strings hold", () => {
    fc.assert(
      fc.property(fc.array(userComparison, { minLength: 1, maxLength: MAX_FILTER_COMPARISONS }), (comparisons) => {
        expect(parseUserFilter(formatFilter(comparisons))).toEqual(parsed(comparisons));
      }),
    );
    fc.assert(
      fc.property(fc.array(groupComparison, { minLength: 1, maxLength: MAX_FILTER_COMPARISONS }), (comparisons) => {
        expect(parseGroupFilter(formatFilter(comparisons))).toEqual(parsed(comparisons));
      }),
    );
  });

  it("reads the same filter whatever the case of its names and keywords", () => {
    const flipCase = (word: string, mask: boolean[]) =>
      [...word].map((character, index) => (mask[index] ? character.toUpperCase() : character.toLowerCase())).join("");
    fc.assert(
      fc.property(
        fc.array(userComparison, { minLength: 1, maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (comparisons, mask) => {
          const written = formatFilter(comparisons);
          // Only what lies outside the quoted values changes case.
          const recased = written.replace(/("(?:[^"\\]|\\.)*")|[^"]+/g, (part, quoted) =>
            quoted ? part : flipCase(part, mask),
          );
          expect(parseUserFilter(recased)).toEqual(parsed(comparisons));
        },
      ),
    );
  });
});
