import type { Language } from "@precis/contract/auth";

/*
 * The first line of every email to a person (issue 53, finding 10). The name it greets by is the account's own
 * first name (never the username: without a first name it greets with "Hello," or "Bonjour," alone, issue 58),
 * which anyone who opens an account can choose, for an address that may not be theirs: "call 1-800-555-0199" or
 * "your account is suspended" in a greeting would read as Precis's own words. So a
 * greeting keeps a name only when it looks like one: at most three words of letters, with the apostrophes, hyphens
 * and full stops names have ("O'Brien", "Jean-Pierre", "J. R."), at most 30 characters, and nothing shaped like a
 * domain. Anything else (a digit, an @, a slash, a colon, a longer sentence) greets with "Hello," alone: a name
 * lost from a greeting costs nothing, a phone number kept in one is believed.
 */
const GREETING_NAME_MAX_LENGTH = 30;
const GREETING_NAME_MAX_WORDS = 3;
/** Letters and marks, with the separators of names: spaces (no-break too), apostrophes, hyphens (non-breaking too), full stops. */
const NAME_SHAPE = /^[\p{L}\p{M}]+(?:[ \u00a0'’\-\u2010\u2011.]+[\p{L}\p{M}]*)*$/u;
/** "evil.example": a full stop between letters, then two letters or more. */
const DOMAIN_SHAPE = /\p{L}\.\p{L}{2}/u;

/** The name a greeting may use, or "" when it should greet without one. */
export function asGreetingName(name: string) {
  const trimmed = name.trim();
  const words = trimmed.split(/[ \u00a0]+/u).filter(Boolean);
  const looksLikeName =
    trimmed.length <= GREETING_NAME_MAX_LENGTH &&
    words.length <= GREETING_NAME_MAX_WORDS &&
    NAME_SHAPE.test(trimmed) &&
    !DOMAIN_SHAPE.test(trimmed);
  return looksLikeName ? trimmed : "";
}

/** "Hello Marie," or, without a name, "Hello,". */
export const greetings: Record<Language, (name: string) => string> = {
  en: (name) => (name ? `Hello ${name},` : "Hello,"),
  fr: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
};
