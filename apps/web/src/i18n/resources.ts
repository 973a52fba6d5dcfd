import enCommon from "./en/common.json";
import enHome from "./en/home.json";
import enShell from "./en/shell.json";
import frCommon from "./fr/common.json";
import frHome from "./fr/home.json";
import frShell from "./fr/shell.json";

// Bundled statically: the catalogues are a few kilobytes, and having them in the entry chunk
// means the first screen never flashes untranslated keys. Split per language if they grow.
export const resources = {
  en: { common: enCommon, shell: enShell, home: enHome },
  fr: { common: frCommon, shell: frShell, home: frHome },
} as const;

export const supportedLanguages = ["en", "fr"] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

export const namespaces = ["common", "shell", "home"] as const;
export const defaultNamespace = "common";
