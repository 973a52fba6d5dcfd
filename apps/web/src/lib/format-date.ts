import { formatLongDate as formatLongDay } from "@precis/contract/dates";
import type { SupportedLanguage } from "@/i18n/languages";

/*
 * Dates as each language writes them, in the reader's own time zone. Canadian locales: "December 25, 2026"
 * and "1er décembre 2026", as the emails and the subscription page write them (contract/dates.ts).
 */
const localeOf = (language: SupportedLanguage) => (language === "fr" ? "fr-CA" : "en-CA");

/**
 * One formatter per language and style, made on first use. Building an Intl.DateTimeFormat is costly (the first
 * one of a language most of all, which the cache cannot spare), and the sessions list built two per row on every
 * render.
 */
function cachedFormatter(options: Intl.DateTimeFormatOptions) {
  const byLanguage = new Map<SupportedLanguage, Intl.DateTimeFormat>();
  return (language: SupportedLanguage) => {
    let formatter = byLanguage.get(language);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(localeOf(language), options);
      byLanguage.set(language, formatter);
    }
    return formatter;
  };
}

const dateTimeFormatter = cachedFormatter({ dateStyle: "medium", timeStyle: "short" });

/** "December 25, 2026", "1er janvier 2027": a day, such as the one a deletion is scheduled for (cached there). */
export function formatLongDate(isoDate: string, language: SupportedLanguage): string {
  return formatLongDay(new Date(isoDate), language);
}

/** "Nov. 25, 2026, 6:14 p.m.": a moment, such as a session's sign-in. */
export function formatDateTime(isoDate: string, language: SupportedLanguage): string {
  return dateTimeFormatter(language).format(new Date(isoDate));
}

// A usage month is a UTC calendar month (the server counts memos so): read in UTC, or west of Greenwich the first
// of the month would be written as the month before.
const monthFormatter = cachedFormatter({ month: "long", year: "numeric", timeZone: "UTC" });

/** "November 2026", "novembre 2026": a usage month, given as the API writes it (YYYY-MM). */
export function formatMonth(month: string, language: SupportedLanguage): string {
  return monthFormatter(language).format(new Date(`${month}-01T00:00:00.000Z`));
}
