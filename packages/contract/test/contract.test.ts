import { describe, expect, it } from "vitest";
import { formatAccessEndDate, getAvatarInitials, getDisplayName, getGreetingName } from "../src/account-texts.ts";
import {
  defaultMemoOptionSet,
  defaultMemoOrdering,
  type MemoOrderingNode,
  memoOptionSetSchema,
  memoSectionIds,
  memoVisibilityFlags,
  visibilityFlagBySection,
} from "../src/memo-options.ts";
import { getUnmetPasswordRequirements, PASSWORD_MAX_LENGTH, passwordSchema } from "../src/password.ts";
import {
  emailSchema,
  occupations,
  TOPICS_PER_COLUMN,
  topicsOfInterest,
  updateProfileRequestSchema,
} from "../src/profile.ts";

describe("password rule (product §5)", () => {
  it.each([
    ["Abcdefg1", []],
    ["abcdefg1", ["upper"]],
    ["ABCDEFG1", ["lower"]],
    ["Abcdefgh", ["digit"]],
    ["Abc1", ["length"]],
    ["", ["length", "digit", "upper", "lower"]],
    ["Éléphant9", []],
  ])("%j misses %j", (password, unmet) => {
    expect(getUnmetPasswordRequirements(password)).toEqual(unmet);
    expect(passwordSchema.safeParse(password).success).toBe(unmet.length === 0);
  });

  it("caps the length so nobody can make the server hash a megabyte", () => {
    expect(passwordSchema.safeParse(`Aa1${"x".repeat(PASSWORD_MAX_LENGTH - 3)}`).success).toBe(true);
    expect(passwordSchema.safeParse(`Aa1${"x".repeat(PASSWORD_MAX_LENGTH - 2)}`).success).toBe(false);
  });
});

describe("avatar initials (product §2)", () => {
  it("uses first and last name when both exist, else the username's first two letters", () => {
    expect(getAvatarInitials({ firstName: "marie", lastName: "tremblay", name: "mt" })).toBe("MT");
    expect(getAvatarInitials({ firstName: "Marie", lastName: "", name: "jdoe" })).toBe("JD");
    expect(getAvatarInitials({ firstName: "", lastName: "", name: "x" })).toBe("X");
  });
});

describe("profile fields", () => {
  it("has the 44 topics of product §3, unique, in four columns of 11", () => {
    expect(topicsOfInterest).toHaveLength(44);
    expect(new Set(topicsOfInterest).size).toBe(44);
    expect(topicsOfInterest.length / TOPICS_PER_COLUMN).toBe(4);
    expect(topicsOfInterest[0]).toBe("Access to Information and Privacy");
    expect(topicsOfInterest[43]).toBe("Young Offenders");
  });

  it("knows the four occupations", () => {
    expect(occupations).toEqual(["lawyer", "law student", "law faculty", "other"]);
  });

  it("normalises emails and refuses malformed ones", () => {
    expect(emailSchema.parse("  Marie.Tremblay@Example.CA ")).toBe("marie.tremblay@example.ca");
    for (const bad of ["", "marie", "marie@", `${"a".repeat(250)}@x.ca`, "a b@x.ca"]) {
      expect(emailSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("refuses unknown topics, duplicates and read-only fields in a profile update", () => {
    expect(updateProfileRequestSchema.safeParse({ topicsOfInterest: ["Appeal", "Torts"] }).success).toBe(true);
    expect(updateProfileRequestSchema.safeParse({ topicsOfInterest: ["Appeal", "Appeal"] }).success).toBe(false);
    expect(updateProfileRequestSchema.safeParse({ topicsOfInterest: ["Cooking"] }).success).toBe(false);
    // product §7 repeats the read-only username and email; the server refuses a change to either.
    expect(updateProfileRequestSchema.safeParse({ email: "x@y.ca", username: "xy" }).success).toBe(true);
    expect(updateProfileRequestSchema.safeParse({ password: "x" }).success).toBe(false);
    expect(updateProfileRequestSchema.safeParse({ occupation: "judge" }).success).toBe(false);
  });
});

describe("memo option defaults (product §3)", () => {
  const idsOf = (nodes: MemoOrderingNode[]): string[] =>
    nodes.flatMap((node) => [node.id, ...idsOf(node.children ?? [])]);

  it("are a valid option set with every section visible", () => {
    expect(memoOptionSetSchema.parse(defaultMemoOptionSet)).toEqual(defaultMemoOptionSet);
    expect(defaultMemoOptionSet).toMatchObject({
      id: -1,
      name: "Profile-name",
      memoSummary: "Auto",
      memoFactsLength: "Long",
      memoFactsPresentation: "Bullet",
      memoTone: "Personal",
      memoLang: "English",
    });
    for (const flag of memoVisibilityFlags) expect(defaultMemoOptionSet[flag]).toBe(true);
  });

  it("order all 14 sections once, with case and issues holding their children", () => {
    expect(idsOf(defaultMemoOrdering).sort()).toEqual([...memoSectionIds].sort());
    expect(defaultMemoOrdering.map((node) => node.id)).toEqual(["case", "summary", "facts", "arguments", "issues"]);
    expect(new Set(Object.values(visibilityFlagBySection)).size).toBe(14);
  });
});

describe("the names a page shows of an account", () => {
  it("greets by first name, else by username, and labels by full name, else by username", () => {
    expect(getGreetingName({ firstName: " Marie ", name: "mt" })).toBe("Marie");
    expect(getGreetingName({ firstName: "  ", name: "mt" })).toBe("mt");
    expect(getGreetingName({ firstName: "mARIE", name: "mt" })).toBe("Marie");
    expect(getDisplayName({ firstName: "Marie", lastName: "Tremblay", name: "mt" })).toBe("Marie Tremblay");
    expect(getDisplayName({ firstName: "", lastName: "", name: "mt" })).toBe("mt");
  });

  it("labels the account menu with the name as the greeting writes it", () => {
    // The page greets "Ada": the menu is "Ada Lovelace", not "ada lovelace".
    expect(getGreetingName({ firstName: "ada", name: "al" })).toBe("Ada");
    expect(getDisplayName({ firstName: "ada", lastName: "lovelace", name: "al" })).toBe("Ada Lovelace");
    expect(getDisplayName({ firstName: "ADA", lastName: "LOVELACE", name: "al" })).toBe("Ada Lovelace");
    expect(getDisplayName({ firstName: "marie", lastName: "de grandpré", name: "mg" })).toBe("Marie de Grandpré");
    expect(getDisplayName({ firstName: "", lastName: "de grandpré", name: "mg" })).toBe("De Grandpré");
    // Written as names are written, it is kept.
    expect(getDisplayName({ firstName: "DeShawn", lastName: "McDonald", name: "dm" })).toBe("DeShawn McDonald");
    expect(getDisplayName({ firstName: " Marie ", lastName: "", name: "mt" })).toBe("Marie");
  });
});

describe("the day an access ends", () => {
  it("is written as the subscription page says it, in each language", () => {
    expect(formatAccessEndDate("2026-12-23T15:00:00.000Z", "en")).toBe("December 23, 2026");
    expect(formatAccessEndDate("2026-12-23T15:00:00.000Z", "fr")).toBe("23 décembre 2026");
  });
});
