import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { ENTRY_NAMESPACES } from "@/app/page-preloads";
import { loadAntdLocale } from "./antd-locale";
import { defaultNamespace, type SupportedLanguage, supportedLanguages } from "./languages";

export const LANGUAGE_STORAGE_KEY = "precis.lang";

// One chunk per language and namespace, so a page downloads only its own texts in one language.
const catalogueLoaders = import.meta.glob<Record<string, unknown>>("./*/*.json", { import: "default" });

export function isSupportedLanguage(language: string | undefined): language is SupportedLanguage {
  return supportedLanguages.some((supported) => supported === language);
}

/** The active language, narrowed to the ones we ship (i18next may report e.g. "cimode"). */
export function getCurrentLanguage(): SupportedLanguage {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isSupportedLanguage(language) ? language : "en";
}

// Screen readers pick their voice from <html lang>, so it must follow every switch.
i18n.on("languageChanged", () => {
  // (No document when the server prerenders a page.)
  if (typeof document !== "undefined") document.documentElement.lang = getCurrentLanguage();
});

/**
 * Resolves once the entry namespaces of the detected language are loaded; main.tsx renders
 * nothing before, so no screen ever shows raw keys. A page's own namespace suspends it (inside
 * the router's Suspense boundaries) until its catalogue arrives.
 */
export const i18nReady = i18n
  .use(LanguageDetector)
  .use(
    resourcesToBackend(async (language: string, namespace: string) => {
      const load = catalogueLoaders[`./${language}/${namespace}.json`];
      if (!load || !isSupportedLanguage(language)) throw new Error(`No catalogue ${language}/${namespace}`);
      // antd's texts come with the default namespace, which every page loads: they are there before
      // the language first renders, at start and on a switch (i18next switches once it has loaded).
      const [catalogue] = await Promise.all([
        load(),
        namespace === defaultNamespace ? loadAntdLocale(language) : undefined,
      ]);
      return catalogue;
    }),
  )
  .use(initReactI18next)
  .init({
    ns: ENTRY_NAMESPACES,
    defaultNS: defaultNamespace,
    supportedLngs: supportedLanguages,
    // English for a language we don't ship; none for French, whose catalogues are complete (the
    // parity test checks): with "en" as its fallback, every French page downloaded both languages.
    fallbackLng: { fr: [], default: ["en"] },
    // "fr", never "fr-CA": one catalogue per language.
    load: "languageOnly",
    // Detect the language now, not on a timer: the router asks for its first page's namespaces as
    // soon as this module has run, and before detection i18next would fetch them in English.
    initAsync: false,
    // React escapes what it renders; escaping here as well would show "&amp;" in the page.
    interpolation: { escapeValue: false },
    detection: {
      order: ["localStorage", "navigator"],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ["localStorage"],
      // Browsers report "fr-CA"; our catalogues are per language, not per region.
      convertDetectedLanguage: (language) => language.split("-")[0] ?? language,
    },
  });

export { i18n };
