import { describe, expect, it } from "vitest";
import { capitalizeName } from "../src/account-texts.ts";

describe("capitalizeName", () => {
  it("upper-cases the first letter and lower-cases the rest", () => {
    expect(capitalizeName("mARIE")).toBe("Marie");
    expect(capitalizeName("JEAN-FRANÇOIS")).toBe("Jean-françois");
  });

  it("handles accented first letters and surrounding spaces", () => {
    expect(capitalizeName("  élodie ")).toBe("Élodie");
  });

  it("returns an empty string for an empty name", () => {
    expect(capitalizeName("")).toBe("");
    expect(capitalizeName("   ")).toBe("");
  });
});
