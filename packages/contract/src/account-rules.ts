/*
 * The account screens' rules and names that need no zod: /login loads these at first paint, and
 * zod (10 kB gzip) only when a form is sent (see docs/decisions/012). auth.ts, password.ts and
 * sso.ts re-export them beside their schemas.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The four requirements of product §5, in the order the hover help lists them. */
export const passwordRequirements = [
  { id: "length", test: (password: string) => password.length >= PASSWORD_MIN_LENGTH },
  { id: "digit", test: (password: string) => /\d/.test(password) },
  { id: "upper", test: (password: string) => /\p{Lu}/u.test(password) },
  { id: "lower", test: (password: string) => /\p{Ll}/u.test(password) },
] as const;
export type PasswordRequirementId = (typeof passwordRequirements)[number]["id"];

export function getUnmetPasswordRequirements(password: string): PasswordRequirementId[] {
  return passwordRequirements.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}

export const USERNAME_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;

/** The profile's free-text fields and their longest accepted values, for the schemas and the forms. */
export const PROFILE_TEXT_MAX_LENGTH = { firstName: 100, lastName: 100, organization: 200, areaOfLaw: 500 } as const;
/** SSO usernames are display names without whitespace, cut to 15 characters (product §5). */
export const SSO_USERNAME_MAX_LENGTH = 15;

/**
 * product §5: the display name with all whitespace removed, cut to 15 characters. Characters a
 * username cannot hold are dropped too, so the result is always a valid username or empty.
 */
export function deriveSsoUsername(displayName: string) {
  return displayName
    .replace(/\s+/gu, "")
    .replace(new RegExp(INVISIBLE_CHARACTERS.source, "gu"), "")
    .replace(/[^\p{L}\p{M}\p{N}._'-]/gu, "")
    .slice(0, SSO_USERNAME_MAX_LENGTH);
}

/** Machine-readable reasons in the `Error` field; the screens map each to SPEC's sentence. */
export const accountErrorCodes = [
  "emailExists",
  "usernameExists",
  "invalidDetails",
  "invalidPassword",
  "commonPassword",
  "badPassword",
  "userNotFound",
  "invalidCode",
  "tooManyAttempts",
  "invalidToken",
] as const;
export type AccountErrorCode = (typeof accountErrorCodes)[number];

/** Security codes: upper-case letters and digits without look-alikes (no 0/O, no 1/I). */
export const SECURITY_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const SECURITY_CODE_LENGTH = 8;

/**
 * Characters no text field takes: C0 and C1 controls (NUL cannot be stored in PostgreSQL text, and line breaks
 * in a name would reach email headers and bodies as new lines), lone surrogates (not Unicode text at all), and
 * the bidirectional overrides and isolates that make text display other than it reads.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const FORBIDDEN_TEXT_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;
/** The same for text of several lines (a comment): line breaks and tabs are allowed there. */
const FORBIDDEN_MULTILINE_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

export const hasForbiddenCharacters = (text: string, options: { isMultiline?: boolean } = {}) =>
  (options.isMultiline ? FORBIDDEN_MULTILINE_CHARACTERS : FORBIDDEN_TEXT_CHARACTERS).test(text);

/**
 * Characters that draw nothing: Unicode's default-ignorable code points (zero-width spaces, joiners and
 * non-joiners, the word joiner, the byte-order mark, direction marks and overrides, the Arabic letter mark, soft
 * hyphens, Hangul fillers, variation selectors, tags). In a name or a code they only make two strings that look
 * the same differ, or hide where one word ends (issue 53, finding 11): firm names, person names, passkey names and
 * client-matter codes refuse them, here and in the forms alike.
 */
const INVISIBLE_CHARACTERS = /\p{Default_Ignorable_Code_Point}/u;

export const hasInvisibleCharacters = (text: string) => INVISIBLE_CHARACTERS.test(text);

export const INVISIBLE_CHARACTERS_MESSAGE =
  "must not contain invisible characters (zero-width spaces or joiners, direction marks or overrides)";

/** Text from elsewhere (a provider's display name) made fit for a name: composed, without those characters. */
export const toPlainText = (text: string) =>
  text
    .normalize("NFC")
    .replace(new RegExp(INVISIBLE_CHARACTERS.source, "gu"), "")
    .replace(new RegExp(FORBIDDEN_TEXT_CHARACTERS.source, "gu"), " ")
    .replace(/\s+/gu, " ")
    .trim();

export const FORBIDDEN_CHARACTERS_MESSAGE =
  "must not contain control characters, lone surrogates or direction overrides";
