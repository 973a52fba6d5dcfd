import { describe, expect, it } from "vitest";
import { formatDuration, toWaitMinutes } from "./format-duration";

describe("formatDuration", () => {
  it("spells the unit out with the right plural in English and French", () => {
    expect(formatDuration(15, "minute", "en")).toBe("15 minutes");
    expect(formatDuration(1, "minute", "en")).toBe("1 minute");
    // French keeps the number and its unit together with a no-break space.
    expect(formatDuration(5, "second", "fr")).toBe("5\u00a0secondes");
    expect(formatDuration(1, "second", "fr")).toBe("1\u00a0seconde");
  });
});

describe("toWaitMinutes", () => {
  it("rounds up to whole minutes and never says zero", () => {
    expect(toWaitMinutes(900)).toBe(15);
    expect(toWaitMinutes(61)).toBe(2);
    expect(toWaitMinutes(0)).toBe(1);
  });
});
