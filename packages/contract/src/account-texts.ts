/*
 * The texts the pages and the emails compute from an account. No zod here: /login shows the greeting, and
 * loads zod only when a form is sent (decision 012).
 */
import type { Language } from "./auth.ts";
import { formatLongDate } from "./dates.ts";

interface AccountNames {
  firstName: string;
  lastName: string;
  name: string;
}

/** Lower-case particles of French, Dutch, German, Spanish, Italian, Portuguese and Arabic names. */
const NAME_PARTICLES = new Set([
  "al",
  "bin",
  "d",
  "da",
  "das",
  "de",
  "del",
  "della",
  "der",
  "des",
  "di",
  "do",
  "dos",
  "du",
  "e",
  "el",
  "l",
  "la",
  "le",
  "ten",
  "ter",
  "van",
  "von",
  "y",
]);

/** A word, and the separators that follow it: spaces, hyphens and apostrophes (straight or typographic). */
const NAME_PARTS = /([^\s'’-]+)([\s'’-]*)/gu;

const isLetterUpper = (letter: string) => letter !== letter.toLowerCase() && letter === letter.toUpperCase();
const isLetterLower = (letter: string) => letter !== letter.toUpperCase() && letter === letter.toLowerCase();

/** "mARIE": a word that starts in lower case and has a capital later is a slip of Caps Lock, not a spelling. */
const isAnomalousWord = (word: string) => {
  const [first = "", ...rest] = Array.from(word);
  return isLetterLower(first) && rest.some(isLetterUpper);
};

/**
 * A name as its owner typed it, but for what is clearly a slip (issue 43): all lower case ("jean-pierre"), all
 * capitals ("JEAN-FRANÇOIS", three letters or more: "JP" may be meant) or a word in inverted case ("mARIE") is
 * put in title case, part by part across hyphens and apostrophes ("O'Brien", "Jean-Pierre"), with particles
 * after the first word in lower case ("de Grandpré", "van der Berg", "Jeanne d'Arc"). Anything else is kept:
 * "McDonald", "DeShawn", "de Grandpré". Splits by code point so a letter outside the BMP stays whole.
 */
export function formatPersonName(name: string, { isFirstPart: startsTheName = true } = {}): string {
  const typed = name.trim().replace(/\s+/gu, " ");
  const letters = Array.from(typed).filter((letter) => isLetterUpper(letter) || isLetterLower(letter));
  const isAllLower = letters.every(isLetterLower);
  const isAllUpper = letters.length > 2 && letters.every(isLetterUpper);
  const words = typed.split(/[\s'’-]+/u).filter(Boolean);
  if (!isAllLower && !isAllUpper && !words.some(isAnomalousWord)) return typed;
  // A last name continues the full name: its particles stay lower case ("de Grandpré").
  let isFirstPart = startsTheName;
  return typed.replace(NAME_PARTS, (_match, word: string, separators: string) => {
    const lower = word.toLowerCase();
    const isParticle = !isFirstPart && NAME_PARTICLES.has(lower);
    isFirstPart = false;
    const [first = "", ...rest] = Array.from(lower);
    return (isParticle ? lower : first.toUpperCase() + rest.join("")) + separators;
  });
}

/**
 * A name that never breaks across lines ("Jean-/Pierre" on a phone): its spaces become no-break spaces and its
 * hyphens non-breaking hyphens, which read and copy as the same name.
 */
export const keepNameTogether = (name: string) => name.replace(/ /g, "\u00a0").replace(/-/g, "\u2011");

/**
 * The name a greeting uses, formatted as the registration success formats it, wherever it greets (the
 * pages and the emails): the first name, or else the username as chosen. It does not break across lines.
 */
export function getGreetingName(profile: Pick<AccountNames, "firstName" | "name">): string {
  return keepNameTogether(profile.firstName.trim() ? formatPersonName(profile.firstName) : profile.name);
}

/**
 * product §2 registration success greets with the name's first letter upper-case: as every greeting, it corrects
 * only a clear slip ("mARIE" → "Marie") and keeps "Jean-Pierre" as typed and on one line (issue 43).
 */
export const getRegistrationGreetingName = (name: string) => keepNameTogether(formatPersonName(name));

/**
 * The full name where one is given, or else the username (the account menu's label): formatted as the greeting
 * formats the first name (issue 58), so a menu named "ada lovelace" never sits under "Welcome, Ada!".
 */
export function getDisplayName(profile: AccountNames): string {
  const first = formatPersonName(profile.firstName);
  const last = formatPersonName(profile.lastName, { isFirstPart: !first });
  return [first, last].join(" ").trim() || profile.name;
}

/**
 * Avatar initials (product §2): first letters of first and last name when both exist,
 * otherwise the first two letters of the username, upper-cased.
 */
export function getAvatarInitials(profile: AccountNames): string {
  const first = profile.firstName.trim();
  const last = profile.lastName.trim();
  if (first && last) return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return profile.name.trim().slice(0, 2).toUpperCase();
}

/** The day an access ends, as the subscription page says it ("December 23, 2026", "1er janvier 2027"). */
export const formatAccessEndDate = (endsAt: string, language: Language): string =>
  formatLongDate(new Date(endsAt), language);
