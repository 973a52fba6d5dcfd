/**
 * "November 25, 2026", "25 novembre 2026": a calendar day (`YYYY-MM-DD`), read in UTC so that no time zone
 * moves it to the day before, on the server that prerenders the page or in the browser.
 */
export function formatEffectiveDate(day: string, language: string): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-CA", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
