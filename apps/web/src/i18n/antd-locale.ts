import type { ConfigProviderProps } from "antd";
import type { SupportedLanguage } from "./languages";

type Locale = NonNullable<ConfigProviderProps["locale"]>;

/*
 * antd's own texts (date pickers, pagination, Form's default messages…) in the app's language.
 * English is antd's default, already in every page's code. The others are a chunk per language
 * (about 2 kB gzip for French) that an English visitor never needs: index.ts loads a language's
 * with its first catalogue, so it is there before that language renders.
 */
const localeLoaders = import.meta.glob<Locale>("./antd-locales/*.ts", { import: "default" });
const loadedLocales = new Map<SupportedLanguage, Locale>();

/**
 * Never rejects: if the chunk cannot be fetched, antd's few texts (a button's label, a picker's
 * placeholder) stay in English rather than the page's own catalogue failing with them.
 */
export async function loadAntdLocale(language: SupportedLanguage, loaders = localeLoaders): Promise<void> {
  const load = loaders[`./antd-locales/${language}.ts`];
  if (language === "en" || loadedLocales.has(language) || !load) return;
  try {
    loadedLocales.set(language, await load());
  } catch (error) {
    console.warn(`antd's ${language} texts could not be loaded; they stay in English`, error);
  }
}

/**
 * The language's antd texts once loaded; undefined for English, and until then (never the case once index.ts is
 * ready): antd then uses its own English, which every page's code already holds. Importing `antd/locale/en_US`
 * would bundle a second copy of it (antd's public locale files are CommonJS).
 */
export function getAntdLocale(language: SupportedLanguage): Locale | undefined {
  return loadedLocales.get(language);
}
