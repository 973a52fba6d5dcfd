import { describe, expect, it } from "vitest";
import {
  addFirmDomainRequestSchema,
  firmPoliciesUpdateSchema,
  isValidMatterMask,
  matchesMatterMask,
  matterCodeSchema,
} from "../src/firms.ts";

describe("the matter mask", () => {
  it("takes N, A, X and the separators, with at least one placeholder", () => {
    for (const mask of ["NNNN-NNN", "AAA-NNNN", "X", "NN.NN/AA_X:#N", "NNN NNN"]) {
      expect(isValidMatterMask(mask), mask).toBe(true);
    }
    for (const mask of ["", "----", "NNNN-Q", "nnnn", "N".repeat(65), "NN\tNN"]) {
      expect(isValidMatterMask(mask), mask).toBe(false);
    }
  });

  it("matches a code of the mask's length, character by character", () => {
    expect(matchesMatterMask("2024-017", "NNNN-NNN")).toBe(true);
    expect(matchesMatterMask("2024-17", "NNNN-NNN")).toBe(false);
    expect(matchesMatterMask("2024/017", "NNNN-NNN")).toBe(false);
    expect(matchesMatterMask("ABCD-017", "NNNN-NNN")).toBe(false);
    expect(matchesMatterMask("abc-0042", "AAA-NNNN")).toBe(true);
    expect(matchesMatterMask("ab1-0042", "AAA-NNNN")).toBe(false);
    expect(matchesMatterMask("a1", "XX")).toBe(true);
    expect(matchesMatterMask("é1", "XX")).toBe(false);
  });

  it("is refused in a policy change when malformed, and trimmed when not", () => {
    expect(firmPoliciesUpdateSchema.safeParse({ matterMask: "NNNN-Q" }).success).toBe(false);
    expect(firmPoliciesUpdateSchema.parse({ matterMask: " NNNN " })).toEqual({ matterMask: "NNNN" });
    expect(firmPoliciesUpdateSchema.parse({ matterMask: null })).toEqual({ matterMask: null });
    expect(firmPoliciesUpdateSchema.safeParse({ signInMethods: [] }).success).toBe(false);
    expect(firmPoliciesUpdateSchema.safeParse({ signInMethods: ["google", "google"] }).success).toBe(false);
    expect(firmPoliciesUpdateSchema.safeParse({ color: "red" }).success).toBe(false);
  });
});

describe("a matter code", () => {
  it("is trimmed, printable and at most 64 characters", () => {
    expect(matterCodeSchema.parse("  2024-017 ")).toBe("2024-017");
    expect(matterCodeSchema.safeParse("").success).toBe(false);
    expect(matterCodeSchema.safeParse("a\u0000b").success).toBe(false);
    expect(matterCodeSchema.safeParse("x".repeat(65)).success).toBe(false);
    expect(matterCodeSchema.parse("Dossier é-12")).toBe("Dossier é-12");
  });
});

describe("a domain to add", () => {
  it("is a lower-cased domain name, invitation by default", () => {
    expect(addFirmDomainRequestSchema.parse({ domain: " Firm.CA " })).toEqual({
      domain: "firm.ca",
      joinMode: "invitation",
    });
    for (const domain of ["firm", "-firm.ca", "firm..ca", "fïrm.ca", "firm.ca/x", "a@firm.ca"]) {
      expect(addFirmDomainRequestSchema.safeParse({ domain }).success, domain).toBe(false);
    }
    expect(addFirmDomainRequestSchema.safeParse({ domain: "firm.ca", joinMode: "always" }).success).toBe(false);
  });
});
