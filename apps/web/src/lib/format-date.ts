import type { SupportedLanguage } from "@/i18n/languages";

/*
 * Dates as each language writes them, in the reader's own time zone. Canadian locales: "December 25, 2026"
 * and "25 décembre 2026", as the emails and the subscription page write them (contract/account-texts.ts).
 */
const localeOf = (language: SupportedLanguage) => (language === "fr" ? "fr-CA" : "en-CA");

/** "December 25, 2026": a day, such as the one a deletion is scheduled for. */
export function formatLongDate(isoDate: string, language: SupportedLanguage): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: "long" }).format(new Date(isoDate));
}

/** "Nov. 25, 2026, 6:14 p.m.": a moment, such as a session's sign-in. */
export function formatDateTime(isoDate: string, language: SupportedLanguage): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(isoDate),
  );
}
