import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import { defaultNamespace, namespaces, resources, type SupportedLanguage, supportedLanguages } from "./resources";

export const LANGUAGE_STORAGE_KEY = "precis.lang";

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
  document.documentElement.lang = getCurrentLanguage();
});

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: namespaces,
    defaultNS: defaultNamespace,
    supportedLngs: supportedLanguages,
    fallbackLng: "en",
    // The resources are in memory: initialise synchronously so the first render is translated.
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
