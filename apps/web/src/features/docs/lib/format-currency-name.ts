/**
 * "Canadian dollars (CAD)", « dollars canadiens (CAD) »: the currency a price list is in, as a sentence says it
 * ("Prices are in …"). Intl knows each currency's plural name per language; the code after it is what invoices
 * and Stripe's pages show. Server (prerender) and browser (hydration) carry the same full ICU data.
 */
export function formatCurrencyName(code: string, language: string): string {
  const parts = new Intl.NumberFormat(language === "fr" ? "fr-CA" : "en-CA", {
    style: "currency",
    currency: code,
    currencyDisplay: "name",
  }).formatToParts(2);
  const name = parts.find((part) => part.type === "currency")?.value ?? code;
  return name === code ? code : `${name} (${code})`;
}
