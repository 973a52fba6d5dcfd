import { afterEach, describe, expect, it, vi } from "vitest";
import {
  initialUsageMonth,
  MAX_USAGE_MONTHS,
  rememberUsageMonth,
  usageMonthOf,
  usageMonthsSince,
} from "./usage-months";

describe("the Usage screen's months", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("counts in UTC months, as the server does", () => {
    // 20:30 on November 30 in Vancouver is already December in UTC.
    expect(usageMonthOf(new Date("2026-12-01T04:30:00.000Z"))).toBe("2026-12");
    expect(usageMonthOf(new Date("2026-11-30T23:59:59.999Z"))).toBe("2026-11");
  });

  it("offers every month from the firm's creation to this one, newest first, across a year's end", () => {
    expect(usageMonthsSince("2026-10-31T23:00:00.000Z", new Date("2027-02-01T00:00:00.000Z"))).toEqual([
      "2027-02",
      "2027-01",
      "2026-12",
      "2026-11",
      "2026-10",
    ]);
    expect(usageMonthsSince("2026-11-28T10:00:00.000Z", new Date("2026-11-28T12:00:00.000Z"))).toEqual(["2026-11"]);
  });

  it("offers this month even when the firm seems created later, and never more than ten years", () => {
    expect(usageMonthsSince("2027-03-01T00:00:00.000Z", new Date("2026-11-28T00:00:00.000Z"))).toEqual(["2026-11"]);
    const months = usageMonthsSince("1990-01-01T00:00:00.000Z", new Date("2026-11-28T00:00:00.000Z"));
    expect(months).toHaveLength(MAX_USAGE_MONTHS);
    expect(months.at(-1)).toBe("2016-12");
  });

  it("starts on the month chosen earlier in the visit while it is offered, else on this month", () => {
    const stored = new Map<string, string>();
    vi.stubGlobal("window", {
      sessionStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
      },
    });
    const offered = ["2026-11", "2026-10", "2026-09"];
    expect(initialUsageMonth(offered)).toBe("2026-11");
    rememberUsageMonth("2026-10");
    expect(initialUsageMonth(offered)).toBe("2026-10");
    // A month another firm offered (the person changed firms in the visit) is not offered here.
    rememberUsageMonth("2025-01");
    expect(initialUsageMonth(offered)).toBe("2026-11");
  });

  it("starts on this month where the browser keeps nothing", () => {
    vi.stubGlobal("window", {
      get sessionStorage(): Storage {
        throw new Error("storage is disabled");
      },
    });
    rememberUsageMonth("2026-10");
    expect(initialUsageMonth(["2026-11", "2026-10"])).toBe("2026-11");
  });
});
