/* The profile page's tabs and their ids in the address (product §2): the server prerenders one of them. */

export type ProfileTab = "user" | "memo" | "security" | "privacy";

export const USER_SETTINGS_TAB_ID = "UserSettings";
/** Issue 27: where the account is signed in, and its password. */
export const SECURITY_TAB_ID = "Security";
/** Issue 28: the account's data, its consents and its deletion. */
export const PRIVACY_TAB_ID = "Privacy";

/** product §2: the memo-settings tab is named after the product's short name, e.g. "PrecisSettings". */
export function getMemoSettingsTabId(productShortName: string): string {
  return `${productShortName}Settings`;
}

export function getProfileTabId(tab: ProfileTab, productShortName: string): string {
  switch (tab) {
    case "memo":
      return getMemoSettingsTabId(productShortName);
    case "security":
      return SECURITY_TAB_ID;
    case "privacy":
      return PRIVACY_TAB_ID;
    default:
      return USER_SETTINGS_TAB_ID;
  }
}

/** The tabs in the order the page lists them. */
export const profileTabs: readonly ProfileTab[] = ["user", "memo", "security", "privacy"];

/**
 * product §2: the tab id is case-insensitive; a missing or unknown one means User settings.
 * `canonicalId` is what the address should show, so the caller rewrites the URL whenever it
 * differs from what was typed.
 */
export function resolveProfileTab(
  tabId: string | undefined,
  productShortName: string,
): { tab: ProfileTab; canonicalId: string } {
  const wanted = tabId?.toLowerCase();
  const tab =
    profileTabs.find((candidate) => getProfileTabId(candidate, productShortName).toLowerCase() === wanted) ?? "user";
  return { tab, canonicalId: getProfileTabId(tab, productShortName) };
}
