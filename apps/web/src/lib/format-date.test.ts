import { describe, expect, it } from "vitest";
import { formatDateTime, formatLongDate, formatMonth } from "./format-date";

describe("format-date", () => {
  const moment = "2026-11-25T18:14:00.000Z";

  it("writes each language's own form, whichever language asked first", () => {
    // Formatters are kept per language: a cache that kept the first one would give French readers English.
    const english = formatLongDate(moment, "en");
    const french = formatLongDate(moment, "fr");
    expect(english).toMatch(/^November 2[56], 2026$/);
    expect(french).toMatch(/^2[56] novembre 2026$/);
    expect(formatLongDate(moment, "en")).toBe(english);
  });

  it("writes the first of the month as French writes it", () => {
    expect(formatLongDate("2027-01-01T12:00:00.000Z", "fr")).toBe("1er janvier 2027");
    expect(formatLongDate("2027-01-01T12:00:00.000Z", "en")).toBe("January 1, 2027");
  });

  it("writes a moment with its time, as a new formatter would, in the reader's time zone", () => {
    for (const [language, locale] of [
      ["fr", "fr-CA"],
      ["en", "en-CA"],
    ] as const) {
      const expected = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(moment),
      );
      expect(formatDateTime(moment, language)).toBe(expected);
      expect(formatDateTime("2027-01-02T03:04:00.000Z", language)).not.toBe(expected);
    }
  });

  it("writes a usage month as the calendar month it is, in any time zone", () => {
    // The first of the month at midnight UTC is still the month before in Canada: the month must not slip back.
    expect(formatMonth("2026-11", "en")).toBe("November 2026");
    expect(formatMonth("2026-11", "fr")).toBe("novembre 2026");
    expect(formatMonth("2027-01", "en")).toBe("January 2027");
  });
});
