/*
 * The texts the pages and the emails compute from an account. No zod here: /login shows the greeting, and
 * loads zod only when a form is sent (decision 012).
 */
import type { Language } from "./auth.ts";

interface AccountNames {
  firstName: string;
  lastName: string;
  name: string;
}

/**
 * SPEC §2 registration success: the name with its first letter upper-case and the rest lower-case
 * ("mARIE" → "Marie"). Splits by code point so a first letter outside the BMP stays whole.
 */
export function capitalizeName(name: string): string {
  const [first = "", ...rest] = Array.from(name.trim());
  return first.toUpperCase() + rest.join("").toLowerCase();
}

/**
 * The name a greeting uses, formatted as the registration success formats it, wherever it greets (the
 * pages and the emails): the first name, or else the username as chosen.
 */
export function getGreetingName(profile: Pick<AccountNames, "firstName" | "name">): string {
  return profile.firstName.trim() ? capitalizeName(profile.firstName) : profile.name;
}

/** The full name where one is given, or else the username (the account menu's label). */
export function getDisplayName(profile: AccountNames): string {
  return [profile.firstName, profile.lastName].join(" ").trim() || profile.name;
}

/**
 * Avatar initials (SPEC §2): first letters of first and last name when both exist,
 * otherwise the first two letters of the username, upper-cased.
 */
export function getAvatarInitials(profile: AccountNames): string {
  const first = profile.firstName.trim();
  const last = profile.lastName.trim();
  if (first && last) return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return profile.name.trim().slice(0, 2).toUpperCase();
}

/** The day an access ends, as the subscription page says it ("December 23, 2026", "23 décembre 2026"). */
export function formatAccessEndDate(endsAt: string, language: Language): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-CA", { dateStyle: "long" }).format(new Date(endsAt));
}
