import { describe, expect, it } from "vitest";
import { formatCurrencyName } from "./format-currency-name";

describe("formatCurrencyName", () => {
  it("names a price list's currency in the plural of each language, with its code", () => {
    expect(formatCurrencyName("CAD", "en")).toBe("Canadian dollars (CAD)");
    expect(formatCurrencyName("CAD", "fr")).toBe("dollars canadiens (CAD)");
    expect(formatCurrencyName("USD", "fr")).toBe("dollars des États-Unis (USD)");
    expect(formatCurrencyName("EUR", "en")).toBe("euros (EUR)");
  });
});
