/**
 * SPEC §2 registration success: the name with its first letter upper-case and the rest lower-case
 * ("mARIE" → "Marie"). Splits by code point so a first letter outside the BMP stays whole.
 */
export function capitalizeName(name: string): string {
  const [first = "", ...rest] = Array.from(name.trim());
  return first.toUpperCase() + rest.join("").toLowerCase();
}
