import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enDocs from "./en/docs.json";
import enHome from "./en/home.json";
import enProfile from "./en/profile.json";
import enShell from "./en/shell.json";
import enSubscription from "./en/subscription.json";
import frAuth from "./fr/auth.json";
import frCommon from "./fr/common.json";
import frDocs from "./fr/docs.json";
import frHome from "./fr/home.json";
import frProfile from "./fr/profile.json";
import frShell from "./fr/shell.json";
import frSubscription from "./fr/subscription.json";

// Bundled statically: the catalogues are a few kilobytes, and having them in the entry chunk
// means the first screen never flashes untranslated keys. Split per language if they grow.
export const resources = {
  en: {
    common: enCommon,
    shell: enShell,
    home: enHome,
    auth: enAuth,
    docs: enDocs,
    subscription: enSubscription,
    profile: enProfile,
  },
  fr: {
    common: frCommon,
    shell: frShell,
    home: frHome,
    auth: frAuth,
    docs: frDocs,
    subscription: frSubscription,
    profile: frProfile,
  },
} as const;

export const supportedLanguages = ["en", "fr"] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

export const namespaces = ["common", "shell", "home", "auth", "docs", "subscription", "profile"] as const;
export const defaultNamespace = "common";
