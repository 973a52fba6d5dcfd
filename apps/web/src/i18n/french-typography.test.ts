import { readFileSync } from "node:fs";
import path from "node:path";
import { englishTypographySlips, frenchTypographySlips, type TypographySlip } from "@precis/contract/french-typography";
import { describe, expect, it } from "vitest";
import { ENGLISH_TEXT_SOURCES, FRENCH_TEXT_SOURCES, repoRoot } from "./french-sources";

/*
 * Issue 58: French punctuation spacing in every French text of the portal and the popup (the emails' are checked
 * where they are rendered, apps/server/src/modules/mail/typography.test.ts), and none of it in the English ones.
 */

/** Each text of a file, named by where it is: a catalogue's strings by key, a page's lines by number. */
function textsOf(file: string): { where: string; text: string }[] {
  const content = readFileSync(file, "utf8");
  if (!file.endsWith(".json")) return [{ where: "", text: content }];
  const texts: { where: string; text: string }[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === "string") texts.push({ where: key, text: value });
    else if (value && typeof value === "object")
      for (const [name, inner] of Object.entries(value)) walk(inner, key ? `${key}.${name}` : name);
  };
  walk(JSON.parse(content), "");
  return texts;
}

/** Every slip in a file, as "key: rule, near …" or "line N: rule, near …", for a failure that says where. */
function slipsIn(file: string, slipsOf: (text: string) => TypographySlip[]) {
  return textsOf(file).flatMap(({ where, text }) =>
    slipsOf(text).map(({ says, at, near }) => {
      const place = where || `line ${text.slice(0, at).split("\n").length}`;
      return `${place}: ${says}, near “${near}”`;
    }),
  );
}

const named = (files: string[]) => files.map((file) => [path.relative(repoRoot, file), file]);

describe("French typography", () => {
  it("reads every place French text lives", () => {
    expect(FRENCH_TEXT_SOURCES.length).toBeGreaterThan(10);
  });

  it.each(named(FRENCH_TEXT_SOURCES))("spaces its punctuation as French does in %s", (_name, file) => {
    expect(slipsIn(file, frenchTypographySlips)).toEqual([]);
  });

  it.each(named(ENGLISH_TEXT_SOURCES))("keeps French spacing out of %s", (_name, file) => {
    expect(slipsIn(file, englishTypographySlips)).toEqual([]);
  });

  it("would catch each slip, and leaves addresses, code, placeholders and times alone", () => {
    for (const slip of [
      "Mot de passe oublié?",
      "Des questions ? Écrivez-nous.",
      "Bienvenue, {{name}}!",
      "Rien n’a changé; réessayez.",
      "Votre rôle : {{role}}",
      "Format: $MASK$",
      "Supprimer « {{name}} » ?",
      "« Tremblay\u00a0»",
      "Quitter\u00a0?",
      "Soutien\u202f: écrivez-nous",
    ]) {
      expect(frenchTypographySlips(slip), slip).not.toEqual([]);
    }
    for (const kept of [
      "Mot de passe oublié\u202f?",
      "Bienvenue, {{name}}\u202f!",
      "Votre rôle\u00a0: {{role}}",
      "Supprimer «\u00a0{{name}}\u00a0»\u202f?",
      "Le résumé est envoyé à 20:00.",
      "Ouvrez https://precis.example/cancel-deletion?token=abc;def",
      "Écrivez à [{{supportEmail}}](mailto:{{supportEmail}}).",
      "Voyez la [FAQ](doc:faq#comment-joindre-le-soutien).",
      "Une requête comme `(a OR b): c?` fonctionne.",
      "00:00:00.385 --> 00:00:20.365",
    ]) {
      expect(frenchTypographySlips(kept), kept).toEqual([]);
    }
  });

  it("would catch French spacing in English", () => {
    expect(englishTypographySlips("Forgot password\u202f?")).not.toEqual([]);
    expect(englishTypographySlips("Your role\u00a0: admin")).not.toEqual([]);
    expect(englishTypographySlips("the firm named « Tremblay »")).not.toEqual([]);
    expect(englishTypographySlips("Forgot password? Your role: admin. Use the characters\u00a0.\u00a0_")).toEqual([]);
  });
});
