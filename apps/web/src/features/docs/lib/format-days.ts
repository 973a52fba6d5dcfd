/**
 * "30 days", "1 day", "30 jours": Intl picks the plural form and the unit's word per language, the same
 * on the server that prerenders a page and in the browser that hydrates it (both carry full ICU data).
 */
export function formatDays(count: number, language: string): string {
  return new Intl.NumberFormat(language === "fr" ? "fr-CA" : "en-CA", {
    style: "unit",
    unit: "day",
    unitDisplay: "long",
  }).format(count);
}
