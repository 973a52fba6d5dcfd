import { describe, expect, it } from "vitest";
import { formatLongDate } from "../src/dates.ts";

// Midday UTC is the same day in every Canadian zone, so the cases without a time zone hold wherever they run.
const firstOfJanuary = new Date("2027-01-01T12:00:00.000Z");

describe("a day in full", () => {
  it("writes the first of the month as French writes it, 1er, and English as it does", () => {
    expect(formatLongDate(firstOfJanuary, "fr")).toBe("1er janvier 2027");
    expect(formatLongDate(firstOfJanuary, "en")).toBe("January 1, 2027");
    expect(formatLongDate(new Date("2026-12-01T12:00:00.000Z"), "fr")).toBe("1er décembre 2026");
  });

  it("writes every other day as a plain number, 11 and 21 among them", () => {
    for (const [iso, fr, en] of [
      ["2027-01-02T12:00:00.000Z", "2 janvier 2027", "January 2, 2027"],
      ["2026-12-11T12:00:00.000Z", "11 décembre 2026", "December 11, 2026"],
      ["2026-11-21T12:00:00.000Z", "21 novembre 2026", "November 21, 2026"],
      ["2026-10-31T12:00:00.000Z", "31 octobre 2026", "October 31, 2026"],
    ] as const) {
      expect(formatLongDate(new Date(iso), "fr")).toBe(fr);
      expect(formatLongDate(new Date(iso), "en")).toBe(en);
    }
  });

  it("reads the day in the time zone it is given", () => {
    // 03:00 UTC on January 1 is still December 31 in Toronto, and already January 1 in UTC.
    const earlyMorning = new Date("2027-01-01T03:00:00.000Z");
    expect(formatLongDate(earlyMorning, "fr", { timeZone: "America/Toronto" })).toBe("31 décembre 2026");
    expect(formatLongDate(earlyMorning, "en", { timeZone: "America/Toronto" })).toBe("December 31, 2026");
    expect(formatLongDate(earlyMorning, "fr", { timeZone: "UTC" })).toBe("1er janvier 2027");
    expect(formatLongDate(earlyMorning, "en", { timeZone: "UTC" })).toBe("January 1, 2027");
  });

  it("writes the time of day after the day when asked, 1er included", () => {
    const moment = new Date("2027-01-01T15:00:00.000Z");
    const inToronto = { timeZone: "America/Toronto", withTime: true };
    expect(formatLongDate(moment, "fr", inToronto)).toBe("1er janvier 2027 à 10 h 00");
    // ICU writes the space before "a.m." as a narrow no-break space in some versions, an ordinary one in others.
    expect(formatLongDate(moment, "en", inToronto)).toMatch(/^January 1, 2027 at 10:00\sa\.m\.$/);
    expect(formatLongDate(new Date("2027-01-02T15:00:00.000Z"), "fr", inToronto)).toBe("2 janvier 2027 à 10 h 00");
  });

  it("keeps each language's own form, whichever was asked first", () => {
    // Formatters are kept per language and options: one kept for the wrong key would give French readers English.
    expect(formatLongDate(firstOfJanuary, "en", { timeZone: "UTC" })).toBe("January 1, 2027");
    expect(formatLongDate(firstOfJanuary, "fr", { timeZone: "UTC" })).toBe("1er janvier 2027");
    expect(formatLongDate(firstOfJanuary, "en", { timeZone: "UTC" })).toBe("January 1, 2027");
  });
});
