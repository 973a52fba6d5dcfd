import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/*
 * Where the portal's and the extension's texts live, for the tests that read them all (the French vocabulary, the
 * French typography): read from the repository, so a file added to one of these folders is read too.
 */

export const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));

/** Every file under `folder` (relative to the repository) whose name ends with one of `endings`. */
function filesUnder(folder: string, endings: string[]): string[] {
  const absolute = path.join(repoRoot, folder);
  if (statSync(absolute).isFile()) return [absolute];
  return readdirSync(absolute, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(absolute, name))
    .filter((file) => endings.some((ending) => file.endsWith(ending)) && statSync(file).isFile());
}

/** The files of one language's texts: the portal's catalogues, docs and legal pages, the popup's, the captions. */
const textSourcesOf = (language: "en" | "fr") => [
  ...filesUnder(`apps/web/src/i18n/${language}`, [".json"]),
  ...filesUnder(`apps/web/src/docs/${language}`, [".md"]),
  ...filesUnder(`apps/web/src/legal/${language}`, [".md"]),
  ...filesUnder(`apps/extension/public/_locales/${language}`, [".json"]),
  // The video tutorial's captions (recorded from the docs catalogue's texts).
  ...filesUnder("apps/web/public/video", [`.${language}.vtt`]),
];

/** Files that hold French text only. */
export const FRENCH_TEXT_SOURCES = textSourcesOf("fr");
/** Files that hold English text only. */
export const ENGLISH_TEXT_SOURCES = textSourcesOf("en");

/**
 * The emails' texts, each file with both languages side by side (their test in apps/server renders every French
 * email to check what only the French lines must follow).
 */
export const BILINGUAL_SOURCES = [
  ...filesUnder("apps/server/src/modules/mail/account-templates.ts", [".ts"]),
  ...filesUnder("apps/server/src/modules/mail/firm-templates.ts", [".ts"]),
];
