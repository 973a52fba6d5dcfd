import { formatLongDate } from "@precis/contract/dates";

/**
 * "November 25, 2026", "1er décembre 2026": a calendar day (`YYYY-MM-DD`), read in UTC so that no time zone
 * moves it to the day before, on the server that prerenders the page or in the browser.
 */
export function formatEffectiveDate(day: string, language: string): string {
  return formatLongDate(new Date(`${day}T00:00:00Z`), language === "fr" ? "fr" : "en", { timeZone: "UTC" });
}
