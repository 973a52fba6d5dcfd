/*
 * A day as each language writes it in full, wherever the pages or the emails write one: "January 1, 2027" and
 * "1er janvier 2027" (issue 58: French writes the first of the month as an ordinal, which Intl does not). Canadian
 * locales, as the product is Canadian.
 */
import type { Language } from "./auth.ts";

export interface LongDateOptions {
  /** The zone the day is read in; without it, the runtime's own (the reader's, in a browser). */
  timeZone?: string;
  /** With the time of day: "January 1, 2027 at 10:00 a.m.", "1er janvier 2027 à 10 h 00". */
  withTime?: boolean;
}

const localeOf = (language: Language) => (language === "fr" ? "fr-CA" : "en-CA");

/**
 * One formatter per language and options, made on first use: building an Intl.DateTimeFormat costs far more
 * than formatting with one, and a page can write a date per row of a list.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(language: Language, { timeZone, withTime = false }: LongDateOptions) {
  const key = `${language}|${timeZone ?? ""}|${withTime}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(localeOf(language), {
      dateStyle: "long",
      ...(withTime ? { timeStyle: "short" } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "January 1, 2027", "1er janvier 2027", "25 novembre 2026": a day in full, in the language asked for. */
export function formatLongDate(date: Date, language: Language, options: LongDateOptions = {}): string {
  return formatterOf(language, options)
    .formatToParts(date)
    .map(({ type, value }) => (language === "fr" && type === "day" && Number(value) === 1 ? `${value}er` : value))
    .join("");
}
