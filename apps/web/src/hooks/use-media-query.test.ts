import { describe, expect, it } from "vitest";
import { matchesWidth } from "./use-media-query";

describe("matchesWidth, the server's answer to a media query for the width it renders for", () => {
  it.each([
    ["(min-width: 768px)", 412, false],
    ["(min-width: 768px)", 768, true],
    ["(min-width: 768px)", 1280, true],
    ["(max-width: 767.98px)", 412, true],
    ["(max-width: 767.98px)", 1280, false],
    ["(min-width: 576px) and (max-width: 991px)", 800, true],
    ["(min-width: 576px) and (max-width: 991px)", 1280, false],
    ["(MIN-WIDTH:768PX)", 1280, true],
  ])("%s at %i px: %s", (query, width, expected) => {
    expect(matchesWidth(query, width)).toBe(expected);
  });

  it.each([
    "(prefers-reduced-motion: reduce)",
    "(min-width: 48em)",
    "screen and (min-width: 768px)",
    "(orientation: portrait)",
    "",
  ])("cannot answer %o", (query) => {
    expect(matchesWidth(query, 1280)).toBeUndefined();
  });
});
