import { describe, expect, it } from "vitest";
import { formatEffectiveDate } from "./format-effective-date";

describe("formatEffectiveDate", () => {
  it("writes the calendar day in each language, whatever the time zone", () => {
    // The tests run in UTC; a day read as local midnight west of Greenwich would show the day before.
    expect(formatEffectiveDate("2026-11-25", "en")).toBe("November 25, 2026");
    expect(formatEffectiveDate("2026-11-25", "fr")).toBe("25 novembre 2026");
    expect(formatEffectiveDate("2027-01-01", "en")).toBe("January 1, 2027");
    expect(formatEffectiveDate("2027-01-01", "fr")).toBe("1er janvier 2027");
  });
});
