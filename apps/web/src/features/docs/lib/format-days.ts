/**
 * One formatter per language, made on first use: a documentation page formats five durations, and making an
 * `Intl.NumberFormat` is the costly part (tens of milliseconds of a phone's main thread for the first one, which
 * loads the locale's data), not formatting with it.
 */
const dayFormats = new Map<string, Intl.NumberFormat>();

/**
 * "30 days", "1 day", "30 jours": Intl picks the plural form and the unit's word per language, the same
 * on the server that prerenders a page and in the browser that hydrates it (both carry full ICU data).
 */
export function formatDays(count: number, language: string): string {
  const locale = language === "fr" ? "fr-CA" : "en-CA";
  let dayFormat = dayFormats.get(locale);
  if (!dayFormat) {
    dayFormat = new Intl.NumberFormat(locale, { style: "unit", unit: "day", unitDisplay: "long" });
    dayFormats.set(locale, dayFormat);
  }
  return dayFormat.format(count);
}
