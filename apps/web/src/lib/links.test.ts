import { describe, expect, it } from "vitest";
import { isAppPath, isHandOffLink } from "./links";

describe("isAppPath", () => {
  it.each(["/", "/profile", "/document/faq"])("treats %s as a path of this app", (href) => {
    expect(isAppPath(href)).toBe(true);
  });

  it.each(["https://www.canlii.org", "//cdn.example.com/x", "mailto:help@example.com", "profile"])(
    "treats %s as another site",
    (href) => {
      expect(isAppPath(href)).toBe(false);
    },
  );
});

describe("isHandOffLink", () => {
  it("recognises mailto: and tel: links", () => {
    expect(isHandOffLink("mailto:help@example.com")).toBe(true);
    expect(isHandOffLink("TEL:+15555550100")).toBe(true);
    expect(isHandOffLink("https://example.com")).toBe(false);
  });
});
