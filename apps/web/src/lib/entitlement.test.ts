import type { Profile } from "@precis/contract/profile";
import { describe, expect, it } from "vitest";
import { isStudentOccupation, mayNeedAccessNotice } from "./entitlement";

const profile = (changes: Partial<Profile>): Profile => ({
  name: "mt",
  email: "mt@example.ca",
  firstName: "",
  lastName: "",
  organization: "",
  areaOfLaw: "",
  topicsOfInterest: [],
  occupation: "lawyer",
  internal: false,
  emailVerified: true,
  ...changes,
});

describe("which accounts the pages ask about their access", () => {
  it("counts law students and faculty as students", () => {
    expect(isStudentOccupation("law student")).toBe(true);
    expect(isStudentOccupation("law faculty")).toBe(true);
    expect(isStudentOccupation("lawyer")).toBe(false);
    expect(isStudentOccupation(undefined)).toBe(false);
  });

  it("asks for an unverified account or a student's, and skips the request for everyone else", () => {
    expect(mayNeedAccessNotice(profile({ emailVerified: false }))).toBe(true);
    expect(mayNeedAccessNotice(profile({ occupation: "law student" }))).toBe(true);
    expect(mayNeedAccessNotice(profile({}))).toBe(false);
    expect(mayNeedAccessNotice(null)).toBe(false);
  });
});
