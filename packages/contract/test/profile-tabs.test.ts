import { describe, expect, it } from "vitest";
import { getProfileTabId, profileTabs, resolveProfileTab } from "../src/profile-tabs.ts";

describe("profile tab ids", () => {
  it.each([
    ["UserSettings", "user", "UserSettings"],
    ["usersettings", "user", "UserSettings"],
    ["PrecisSettings", "memo", "PrecisSettings"],
    ["PRECISSETTINGS", "memo", "PrecisSettings"],
    ["precissettings", "memo", "PrecisSettings"],
    ["Security", "security", "Security"],
    ["security", "security", "Security"],
    ["SECURITY", "security", "Security"],
    ["Privacy", "privacy", "Privacy"],
    ["privacy", "privacy", "Privacy"],
    ["pRiVaCy", "privacy", "Privacy"],
  ])("read %s case-insensitively as the %s tab", (tabId, tab, canonicalId) => {
    expect(resolveProfileTab(tabId, "Precis")).toEqual({ tab, canonicalId });
  });

  it.each([
    undefined,
    "",
    "Settings",
    "MemoSettings",
    "Precis",
    "PrecisSettings2",
    "OtherSettings",
    "Securities",
    "SecuritySettings",
    "PrivacyPolicy",
  ])("fall back to User settings for %o", (tabId) => {
    expect(resolveProfileTab(tabId, "Precis")).toEqual({ tab: "user", canonicalId: "UserSettings" });
  });

  it("follow the configured short name", () => {
    expect(resolveProfileTab("robinsettings", "Robin")).toEqual({ tab: "memo", canonicalId: "RobinSettings" });
    expect(resolveProfileTab("PrecisSettings", "Robin").tab).toBe("user");
  });

  it("give every tab an id of its own, which reads back as that tab", () => {
    const ids = profileTabs.map((tab) => getProfileTabId(tab, "Precis"));
    expect(new Set(ids.map((id) => id.toLowerCase())).size).toBe(profileTabs.length);
    for (const tab of profileTabs) expect(resolveProfileTab(getProfileTabId(tab, "Precis"), "Precis").tab).toBe(tab);
  });
});
