import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BILINGUAL_SOURCES, FRENCH_TEXT_SOURCES, repoRoot } from "./french-sources";

/**
 * Issue 43: one French word for a memo, everywhere a French reader meets it (docs/glossary-fr.md). The phrases
 * below are the ones the glossary rules out; "notes" alone stays, in its ordinary sense (a person's own notes).
 */
const RULED_OUT = [
  /\bnotes? de synthèse\b/i,
  /\bparamètres des notes\b/i,
  /\bparamètres de notes\b/i,
  /\bsections de la note\b/i,
  /\bpour les notes\b/i,
  /\bchaque note\b/i,
  /\bnote type\b/i,
  /\butilisation des notes\b/i,
  /\be-mail\b/i,
];

/** Where French text lives; an email template's English lines hold none of the French words ruled out. */
const FRENCH_SOURCES = [...FRENCH_TEXT_SOURCES, ...BILINGUAL_SOURCES];

describe("the French vocabulary", () => {
  it("reads every place French text lives", () => {
    expect(FRENCH_SOURCES.length).toBeGreaterThan(10);
  });

  it.each(FRENCH_SOURCES.map((file) => [path.relative(repoRoot, file), file]))(
    "says mémo, not note, in %s",
    (_name, file) => {
      const lines = readFileSync(file, "utf8").split("\n");
      const offending = lines
        .map((line, index) => ({ line: index + 1, text: line.trim() }))
        .filter(({ text }) => RULED_OUT.some((pattern) => pattern.test(text)));
      expect(offending).toEqual([]);
    },
  );

  it("would catch the words it rules out", () => {
    for (const phrase of [
      "Paramètres des notes",
      "une note de synthèse",
      "Sections de la note",
      "Utilisé pour les notes",
    ]) {
      expect(
        RULED_OUT.some((pattern) => pattern.test(phrase)),
        phrase,
      ).toBe(true);
    }
    expect(RULED_OUT.some((pattern) => pattern.test("Copiez le mémo dans vos notes"))).toBe(false);
  });
});
