/* The profile page's tabs and their ids in the address (SPEC §2): the server prerenders one of them. */

export type ProfileTab = "user" | "memo";

export const USER_SETTINGS_TAB_ID = "UserSettings";

/** SPEC §2: the memo-settings tab is named after the product's short name, e.g. "PrecisSettings". */
export function getMemoSettingsTabId(productShortName: string): string {
  return `${productShortName}Settings`;
}

export function getProfileTabId(tab: ProfileTab, productShortName: string): string {
  return tab === "memo" ? getMemoSettingsTabId(productShortName) : USER_SETTINGS_TAB_ID;
}

/**
 * SPEC §2: the tab id is case-insensitive; a missing or unknown one means User settings.
 * `canonicalId` is what the address should show, so the caller rewrites the URL whenever it
 * differs from what was typed.
 */
export function resolveProfileTab(
  tabId: string | undefined,
  productShortName: string,
): { tab: ProfileTab; canonicalId: string } {
  const wanted = tabId?.toLowerCase();
  const tab: ProfileTab = wanted === getMemoSettingsTabId(productShortName).toLowerCase() ? "memo" : "user";
  return { tab, canonicalId: getProfileTabId(tab, productShortName) };
}
