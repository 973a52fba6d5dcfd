import { describe, expect, it } from "vitest";
import enSecurity from "@/i18n/en/security.json";
import frSecurity from "@/i18n/fr/security.json";
import { formatDateTime } from "@/lib/format-date";
import { formatSetupKey, recoveryCodesFileName, recoveryCodesFileText } from "./recovery-codes";

describe("formatSetupKey", () => {
  it("groups the key by four, as people copy it from a screen", () => {
    expect(formatSetupKey("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(formatSetupKey("ABCDEF")).toBe("ABCD EF");
    expect(formatSetupKey("AB CD")).toBe("ABCD");
  });
});

describe("the recovery codes' file", () => {
  it("holds a title, a note and one code a line", () => {
    expect(
      recoveryCodesFileText({
        title: "Precis recovery codes",
        note: "Each works once.",
        codes: ["AAAAA-BBBBB", "CCCCC-DDDDD"],
      }),
    ).toBe("Precis recovery codes\nEach works once.\n\nAAAAA-BBBBB\nCCCCC-DDDDD\n");
  });

  it("is named after the product, safely", () => {
    expect(recoveryCodesFileName("Precis")).toBe("precis-recovery-codes.txt");
    expect(recoveryCodesFileName("Précis Légal / Pro")).toBe("precis-legal-pro-recovery-codes.txt");
    expect(recoveryCodesFileName("///")).toBe("account-recovery-codes.txt");
  });
});

describe("the recovery codes' file note", () => {
  it.each([
    ["en", enSecurity],
    ["fr", frSecurity],
  ] as const)("reads cleanly with an afternoon time in %s: no doubled full stop after 'p.m.'", (language, texts) => {
    const date = formatDateTime("2026-11-27T18:43:00Z", language);
    const note = texts.twoStep.recovery.fileNote.replace("{{date}}", date);
    expect(note).toContain(date);
    expect(note).not.toMatch(/\.\./);
  });
});
