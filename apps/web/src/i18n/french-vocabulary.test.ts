import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

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

const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));

/** Every file under `folder` (relative to the repository) whose name ends with one of `endings`. */
function filesUnder(folder: string, endings: string[]): string[] {
  const absolute = path.join(repoRoot, folder);
  if (statSync(absolute).isFile()) return [absolute];
  return readdirSync(absolute, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(absolute, name))
    .filter((file) => endings.some((ending) => file.endsWith(ending)) && statSync(file).isFile());
}

/** Where French text lives: the portal's catalogues, docs and legal pages, the emails, and the extension's. */
const FRENCH_SOURCES = [
  ...filesUnder("apps/web/src/i18n/fr", [".json"]),
  ...filesUnder("apps/web/src/docs/fr", [".md"]),
  ...filesUnder("apps/web/src/legal/fr", [".md"]),
  ...filesUnder("apps/extension/public/_locales/fr", [".json"]),
  // The video tutorial's French captions (recorded from the docs catalogue's texts).
  ...filesUnder("apps/web/public/video", [".fr.vtt"]),
  // The emails' texts, each file with both languages (an English line holds none of the French words ruled out).
  ...filesUnder("apps/server/src/modules/mail/account-templates.ts", [".ts"]),
  ...filesUnder("apps/server/src/modules/mail/firm-templates.ts", [".ts"]),
];

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
