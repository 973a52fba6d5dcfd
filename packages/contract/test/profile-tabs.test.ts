import { describe, expect, it } from "vitest";
import { resolveProfileTab } from "../src/profile-tabs.ts";

describe("profile tab ids", () => {
  it.each([
    ["UserSettings", "user", "UserSettings"],
    ["usersettings", "user", "UserSettings"],
    ["PrecisSettings", "memo", "PrecisSettings"],
    ["PRECISSETTINGS", "memo", "PrecisSettings"],
    ["precissettings", "memo", "PrecisSettings"],
  ])("read %s case-insensitively as the %s tab", (tabId, tab, canonicalId) => {
    expect(resolveProfileTab(tabId, "Precis")).toEqual({ tab, canonicalId });
  });

  it.each([undefined, "", "Settings", "MemoSettings", "Precis", "PrecisSettings2", "OtherSettings"])(
    "fall back to User settings for %o",
    (tabId) => {
      expect(resolveProfileTab(tabId, "Precis")).toEqual({ tab: "user", canonicalId: "UserSettings" });
    },
  );

  it("follow the configured short name", () => {
    expect(resolveProfileTab("robinsettings", "Robin")).toEqual({ tab: "memo", canonicalId: "RobinSettings" });
    expect(resolveProfileTab("PrecisSettings", "Robin").tab).toBe("user");
  });
});
