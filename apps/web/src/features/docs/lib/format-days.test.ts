import { describe, expect, it } from "vitest";
import { formatDays } from "./format-days";

describe("formatDays", () => {
  it("writes a number of days with the plural of each language", () => {
    expect(formatDays(30, "en")).toBe("30 days");
    expect(formatDays(1, "en")).toBe("1 day");
    // French puts a no-break space between the number and its unit.
    expect(formatDays(730, "fr")).toBe("730\u00a0jours");
    expect(formatDays(1, "fr")).toBe("1\u00a0jour");
  });
});
