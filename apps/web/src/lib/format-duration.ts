/** "15 minutes", "1 minute", "5 secondes": Intl picks the plural form and the unit's word per language. */
export function formatDuration(value: number, unit: "minute" | "second", language: string): string {
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "long" }).format(value);
}

/** A Retry-After delay as whole minutes, rounded up and never "0 minutes". */
export function toWaitMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}
