import { describe, expect, it } from "vitest";
import { hasInvisibleCharacters, toPlainText } from "../src/account-rules.ts";
import { csvField, neutraliseCell } from "../src/csv.ts";
import { nameTextSchema } from "../src/text-fields.ts";

// Issue 53, finding 11: what the attack testing typed, each in a name or a code.
const invisibles = {
  "a zero-width space": "Tremblay\u200BAvocats",
  "a zero-width joiner": "Roy\u200DRoy",
  "a right-to-left override": "code\u202E1234",
  "a left-to-right mark": "\u200EAda",
  // In the middle: trimming already takes one off either end.
  "the byte-order mark": "Ada\uFEFFLovelace",
  "a soft hyphen": "Trem\u00ADblay",
  "a variation selector": "Ada\uFE0F",
  "a tag character": "Ada\u{E0041}",
};

describe("names and codes without invisible characters", () => {
  it.each(Object.entries(invisibles))("finds %s", (_what, text) => {
    expect(hasInvisibleCharacters(text)).toBe(true);
    expect(nameTextSchema(80).safeParse(text).success).toBe(false);
  });

  it("takes names in any script, accents, apostrophes and non-breaking spaces", () => {
    for (const name of [
      "Tremblay Avocats",
      "Étude Côté & Associés",
      "O’Brien",
      "Ковальчук",
      "李 律师",
      "Roy\u00A0inc.",
    ]) {
      expect(hasInvisibleCharacters(name)).toBe(false);
      expect(nameTextSchema(80).parse(name)).toBe(name.normalize("NFC"));
    }
  });

  it("strips them from text that comes from elsewhere", () => {
    expect(toPlainText("Ada\u200B Lovelace\u202E")).toBe("Ada Lovelace");
  });
});

describe("the CSV neutraliser", () => {
  it.each([
    ["a fullwidth equals sign", '\uFF1DHYPERLINK("http://x")'],
    ["a small equals sign", "\uFE66SUM(A1)"],
    ["a fullwidth plus sign", "\uFF0B1"],
    ["a zero-width space before =", "\u200B=1+1"],
    ["a direction mark before @", "\u200F@cmd"],
    ["spaces before -", "  -1"],
  ])("reads %s as a formula and keeps it as text", (_what, value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it("leaves text alone that only holds a sign inside it", () => {
    expect(neutraliseCell("Ada = owner")).toBe("Ada = owner");
    expect(neutraliseCell("\u200BAda")).toBe("\u200BAda");
  });

  it("quotes the field after neutralising, quotes doubled", () => {
    expect(csvField('=A1"')).toBe(`"'=A1"""`);
  });
});
