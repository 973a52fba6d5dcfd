import { describe, expect, it } from "vitest";
import { getPostLoginDestination, getPostRegistrationDestination, toDestination } from "./destinations";

const markers = { externalRedirectRef: "robin", externalRedirectUrl: "https://robin.example/start" };

describe("getPostLoginDestination", () => {
  it("sends a visitor from the case-law site to the logged-in landing", () => {
    expect(getPostLoginDestination({ ...markers, isCanLiiOrigin: true, ref: null })).toEqual({
      kind: "app",
      path: "/greet",
    });
  });

  it("sends the external-redirect ref to the configured address", () => {
    expect(getPostLoginDestination({ ...markers, isCanLiiOrigin: false, ref: "robin" })).toEqual({
      kind: "external",
      href: "https://robin.example/start",
    });
  });

  it("checks the case-law origin before the external ref, as SPEC orders them", () => {
    expect(getPostLoginDestination({ ...markers, isCanLiiOrigin: true, ref: "robin" })).toEqual({
      kind: "app",
      path: "/greet",
    });
  });

  it("sends everyone else home, whatever other ref they bring", () => {
    expect(getPostLoginDestination({ ...markers, isCanLiiOrigin: false, ref: null })).toEqual({
      kind: "app",
      path: "/",
    });
    expect(getPostLoginDestination({ ...markers, isCanLiiOrigin: false, ref: "Robin" })).toEqual({
      kind: "app",
      path: "/",
    });
  });
});

describe("getPostRegistrationDestination", () => {
  const caseLawSite = "https://www.canlii.org/en/";

  it.each(["law student", "law faculty"] as const)("sends %s to the case-law site", (role) => {
    expect(getPostRegistrationDestination(role, caseLawSite)).toEqual({ kind: "external", href: caseLawSite });
  });

  it.each(["lawyer", "other"] as const)("sends %s to the subscription page", (role) => {
    expect(getPostRegistrationDestination(role, caseLawSite)).toEqual({ kind: "app", path: "/subscription" });
  });
});

describe("toDestination", () => {
  it("keeps app paths in the router and treats anything else as another site", () => {
    expect(toDestination("/profile")).toEqual({ kind: "app", path: "/profile" });
    expect(toDestination("//evil.example")).toEqual({ kind: "external", href: "//evil.example" });
  });
});
