import { LANGUAGE_COOKIE_MAX_AGE_SECONDS, LANGUAGE_COOKIE_NAME } from "@precis/contract/boot";
import i18n from "i18next";
import LanguageDetector, { type CustomDetector } from "i18next-browser-languagedetector";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { ENTRY_NAMESPACES } from "@/app/page-preloads";
import { loadAntdLocale } from "./antd-locale";
import { defaultNamespace, type SupportedLanguage, supportedLanguages } from "./languages";

/** Where the choice was kept before the server could see it (decision 047); still written on a switch. */
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

function readLanguageCookie(): string | undefined {
  const prefix = `${LANGUAGE_COOKIE_NAME}=`;
  return document.cookie
    .split("; ")
    .find((cookie) => cookie.startsWith(prefix))
    ?.slice(prefix.length);
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage refused (a private window's settings): the cookie alone keeps the choice.
    return null;
  }
}

/** Keeps the reader's choice where the server reads it (the cookie) and where this browser kept it before. */
function rememberLanguage(language: SupportedLanguage) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // The Cookie Store API is missing from older Safari and Firefox; a plain cookie works everywhere.
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written whole, with every attribute set
  document.cookie = `${LANGUAGE_COOKIE_NAME}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused: the cookie is what counts.
  }
}

/**
 * The language the page was sent in. The server decides it (apps/server/src/lib/request-language.ts: a link's
 * ?lang=, the reader's choice, the browser's languages) and writes it in <html lang>, so the app starts in the
 * language the HTML is already in, and nothing switches after the first paint. Two exceptions: a choice kept only in
 * this browser, from before the server could see it, is adopted once and handed to the server; and Vite's
 * development server sends index.html as written, so there the cookie, then the browser's languages, decide.
 */
const pageLanguage: CustomDetector = {
  name: "page",
  lookup: () => {
    // (No document when the server prerenders a page: it sets the language itself.)
    if (typeof document === "undefined") return undefined;
    const chosen = readLanguageCookie();
    if (!isSupportedLanguage(chosen)) {
      const keptBefore = readStoredLanguage() ?? undefined;
      if (isSupportedLanguage(keptBefore)) {
        rememberLanguage(keptBefore);
        return keptBefore;
      }
    }
    if (import.meta.env.DEV) return isSupportedLanguage(chosen) ? chosen : [...navigator.languages];
    return document.documentElement.lang || undefined;
  },
};
const languageDetector = new LanguageDetector();
languageDetector.addDetector(pageLanguage);

/** The reader switches language: the page turns, and every later page is sent in it from the first byte. */
export function chooseLanguage(language: SupportedLanguage) {
  rememberLanguage(language);
  return i18n.changeLanguage(language);
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
  .use(languageDetector)
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
      order: [pageLanguage.name],
      // Only a switch stores a language (chooseLanguage): what the server guessed is not the reader's choice.
      caches: [],
      // Browsers report "fr-CA"; our catalogues are per language, not per region.
      convertDetectedLanguage: (language) => language.split("-")[0] ?? language,
    },
  });

export { i18n };
